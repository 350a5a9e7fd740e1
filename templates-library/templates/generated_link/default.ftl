<#--
  generated_link: the main step of a LINK load generated from its one entity mapping (no parameters).
  Inputs
    As generated_hub, and at least two mapped DV_REFERENCING_HASHKEY attributes (one per hub, each
    HASH_KEY over that hub's key parts, so it equals the hub's own key). DV_HASHKEY must hash all
    the hub key parts in mapping order (rule 13), so (X, Y) and (Y, X) are different links.
  Semantics (rules 9-13): those of generated_hub, per link key.
-->
<#include "/lib/dv.ftl">
<#include "/lib/dv_insert_only.ftl">
<#assign refs = mappingsOfType(mapping, "DV_REFERENCING_HASHKEY")>
<#if refs?size < 2>
    <#stop where() + ": a LINK load needs at least two mapped target attributes of type DV_REFERENCING_HASHKEY (one per hub), it has "
        + refs?size + (refs?size == 1)?then(" (" + refs[0].targetAttribute.name + ")", "") + ".">
</#if>
<#assign hubParts = []>
<#list refs as r><#list r.sourceAttributes as a><#assign hubParts = hubParts + [a.name]></#list></#list>
<#assign key = mappedOfType("DV_HASHKEY", "the link key")>
<#assign keyParts = key.sourceAttributes?map(a -> a.name)>
<#if keyParts?join(", ") != hubParts?join(", ")>
    <#stop where() + ": link key " + key.targetAttribute.name + " hashes (" + keyParts?join(", ")
        + ") but the hub keys' parts in mapping order are (" + hubParts?join(", ")
        + "); map it with HASH_KEY over exactly those, in that order.">
</#if>
<@insertOnly/>
