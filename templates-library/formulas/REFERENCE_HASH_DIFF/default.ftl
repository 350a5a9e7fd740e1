<#-- REFERENCE_HASH_DIFF: the data hash of a row of attributes; same rules as HASH_DIFF. -->
<#include "/lib/hash.ftl">
<#assign parts = []><#list sourceAttributes as a><#assign parts = parts + [diffPart(a)]></#list>
${fn.md5(joinParts(parts))}
