<#--
  Shared helpers of the library's hash formulas. A formula includes this with
  <#include "/lib/hash.ftl">. The SQL that differs per engine comes from the dialect's
  `functions` (fn.nvl, fn.md5, fn.timestamp_text, ...), so one formula serves every dialect.

  Semantics (those of seed 000):
    - key parts: text values trimmed, '' treated as NULL; NULL becomes '-1'; upper-cased as a whole
    - diff parts: NULL becomes '-1'; no trimming, no upper-casing
    - typed values are turned into text in an explicit format (timestamps with microseconds)
    - parts are joined with '~' and hashed with MD5 (32 lower-case hex characters)
-->
<#function col attr>
    <#return (prefix!"")?has_content?then(prefix + ".", "") + (attr.sqlName!attr.attributeName)>
</#function>
<#function category attr>
    <#local t = attr.datatype!"">
    <#if ["CHAR", "VARCHAR"]?seq_contains(t)><#return "character">
    <#elseif t == "TIMESTAMP"><#return "timestamp">
    <#elseif t == "TIMESTAMP_TZ"><#return "timestamp_tz">
    <#elseif t == "DATE"><#return "date">
    <#else><#return "other">
    </#if>
</#function>
<#function asText attr>
    <#local c = category(attr)>
    <#if c == "character"><#return col(attr)>
    <#elseif c == "timestamp"><#return fn.timestamp_text(col(attr))>
    <#elseif c == "timestamp_tz"><#return fn.timestamp_tz_text(col(attr))>
    <#elseif c == "date"><#return fn.date_text(col(attr))>
    <#else><#return fn.to_text(col(attr))>
    </#if>
</#function>
<#function keyPart attr>
    <#local c = category(attr)>
    <#if c == "timestamp" || c == "timestamp_tz" || c == "date">
        <#return fn.nvl(asText(attr), "'-1'")>
    </#if>
    <#return fn.nvl("NULLIF(" + fn.trim(asText(attr)) + ", '')", "'-1'")>
</#function>
<#function diffPart attr>
    <#return fn.nvl(asText(attr), "'-1'")>
</#function>
<#function joinParts parts>
    <#if parts?size == 0><#return "NULL"></#if>
    <#return parts?join(fn.concat_sep())>
</#function>
