<#--
  The scd2 template's change hash (DV_DATAHASH): which columns it covers. One rule for the load that
  writes the hash (templates/scd2) and the migration that recomputes the stored hash after a column
  change (ddl/migrate_refresh_change_hash, ddl/change_hash_columns): when the two disagree, the next
  load sees every current row as changed and opens a spurious version for every key.
  Needs /lib/load.ftl included first (names, hasName, attrNamed).

    track_columns / track_except (lists of names, at most one given): none = every column but the
      SCD2 technical ones (SCD_ID, DV_DATAHASH, VALID_FROM, VALID_TO, VALIDITY_STATUS), so the key
      DV_HASHKEY too; otherwise the tracked business columns (no attribute type) only.
-->
<#assign changeHashTechnicalTypes = {"SCD_ID": true, "DV_DATAHASH": true, "VALID_FROM": true, "VALID_TO": true, "VALIDITY_STATUS": true}>
<#-- The names of the untracked (SCD1) business columns of the target; stops on a bad track_columns / track_except. -->
<#function untrackedNames target trackColumns trackExcept>
    <#local business = target.attributes?filter(a -> !(a.attributeType?has_content))>
    <#if trackColumns?size gt 0 && trackExcept?size gt 0>
        <#stop "parameter 'track_except': give track_columns (the tracked columns) or track_except (all but these), not both">
    </#if>
    <#local scd1 = []>
    <#if trackColumns?size gt 0>
        <#local tracked = []><#list trackColumns as c><#local tracked = tracked + [attrNamed(business, c, "track_columns").name]></#list>
        <#list business as a><#if !hasName(tracked, a.name)><#local scd1 = scd1 + [a.name]></#if></#list>
    <#elseif trackExcept?size gt 0>
        <#list trackExcept as c><#local scd1 = scd1 + [attrNamed(business, c, "track_except").name]></#list>
        <#if scd1?size == business?size>
            <#stop "parameter 'track_except': it names every business column of " + target.schema + "." + target.name + "; at least one column must be tracked">
        </#if>
    </#if>
    <#return scd1>
</#function>
<#-- The attributes the change hash covers, in the target's order, given the untracked names. -->
<#function changeHashAttributes target scd1>
    <#local out = []>
    <#list target.attributes as a>
        <#if scd1?size gt 0>
            <#if !(a.attributeType?has_content) && !hasName(scd1, a.name)><#local out = out + [a]></#if>
        <#elseif !changeHashTechnicalTypes[a.attributeType!]??>
            <#local out = out + [a]>
        </#if>
    </#list>
    <#return out>
</#function>
