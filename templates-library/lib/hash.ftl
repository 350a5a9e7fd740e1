<#--
  Shared helpers of the library's hash formulas. A formula includes this with
  <#include "/lib/hash.ftl">. The SQL that differs per engine comes from the dialect's
  `functions` (fn.nvl, fn.md5, fn.timestamp_text, ...), so one formula serves every dialect.

  Semantics (those of seed 000):
    - key parts: text values trimmed, '' treated as NULL; NULL becomes '-1'; upper-cased as a whole
    - diff parts: NULL becomes '-1'; no trimming, no upper-casing
    - typed values are turned into text in an explicit format (timestamps with microseconds)
    - parts are joined with '~' and hashed with MD5 (32 lower-case hex characters)

  A formula renders once per attribute list on every preview, so the datatype is looked up in one
  hash and each part takes three function calls: each <#return> unwinds FreeMarker's stack as an
  exception, and FreeMarker compares strings (==, ?seq_contains) with a locale's Collator.
-->
<#-- By datatype: the category and the dialect function that turns a value of it into text ("" = none). -->
<#assign hashTextOf = {
    "CHAR": {"category": "character", "text": "", "trim": true},
    "VARCHAR": {"category": "character", "text": "", "trim": true},
    "TIMESTAMP": {"category": "timestamp", "text": "timestamp_text", "trim": false},
    "TIMESTAMP_TZ": {"category": "timestamp_tz", "text": "timestamp_tz_text", "trim": false},
    "DATE": {"category": "date", "text": "date_text", "trim": false}}>
<#assign hashTextOfOther = {"category": "other", "text": "to_text", "trim": true}>
<#-- The Data Vault formulas (HASH_KEY, HASH_DIFF, BUSINESS_KEY, HASH_LIST) also write a BOOLEAN the
     same on every engine ('true' / 'false'; CAST gives 'TRUE' on H2). The REFERENCE_* formulas keep
     the engine's cast, so the hashes the seed's templates stored do not change. -->
<#assign dvTextOf = hashTextOf + {"BOOLEAN": {"category": "boolean", "text": "boolean_text", "trim": false}}>
<#function col attr>
    <#return (prefix!"")?has_content?then(prefix + ".", "") + (attr.sqlName!attr.attributeName)>
</#function>
<#function category attr>
    <#return (hashTextOf[attr.datatype!""]!hashTextOfOther).category>
</#function>
<#function asText attr>
    <#local t = hashTextOf[attr.datatype!""]!hashTextOfOther>
    <#return t.text?has_content?then(fn[t.text](col(attr)), col(attr))>
</#function>
<#function keyPart attr>
    <#if (hashTextOf[attr.datatype!""]!hashTextOfOther).trim>
        <#return fn.nvl("NULLIF(" + fn.trim(asText(attr)) + ", '')", "'-1'")>
    </#if>
    <#return fn.nvl(asText(attr), "'-1'")>
</#function>
<#function dvAsText attr>
    <#local t = dvTextOf[attr.datatype!""]!hashTextOfOther>
    <#return t.text?has_content?then(fn[t.text](col(attr)), col(attr))>
</#function>
<#-- A key part (rules 1, 4, 12 of dv-semantics.md): text trimmed, '' and blank as NULL, NULL as '-1'. -->
<#function dvKeyPart attr>
    <#if (dvTextOf[attr.datatype!""]!hashTextOfOther).trim>
        <#return fn.nvl("NULLIF(" + fn.trim(dvAsText(attr)) + ", '')", "'-1'")>
    </#if>
    <#return fn.nvl(dvAsText(attr), "'-1'")>
</#function>
<#-- A datahash part (rule 3): NULL as '-1', nothing else. -->
<#function dvDiffPart attr>
    <#return fn.nvl(dvAsText(attr), "'-1'")>
</#function>
<#function diffPart attr>
    <#return fn.nvl(asText(attr), "'-1'")>
</#function>
<#function joinParts parts>
    <#if parts?size == 0><#return "NULL"></#if>
    <#return parts?join(fn.concat_sep())>
</#function>
