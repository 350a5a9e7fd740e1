<#-- HASH_DIFF: MD5 of the '~'-joined values, NULL as '-1', for change detection (see /lib/hash.ftl). -->
<#include "/lib/hash.ftl">
<#assign parts = []><#list sourceAttributes as a><#assign parts = parts + [diffPart(a)]></#list>
${fn.md5(joinParts(parts))}
