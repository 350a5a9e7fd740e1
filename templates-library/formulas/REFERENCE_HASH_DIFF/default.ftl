<#-- REFERENCE_HASH_DIFF: the data hash of a row of attributes; same rules as HASH_DIFF. -->
<#include "/lib/hash.ftl">
<#assign parts = sourceAttributes?map(a -> diffPart(a))>
${fn.md5(joinParts(parts))}
