<#-- HASH_DIFF: MD5 of the '~'-joined values, NULL as '-1', for change detection (see /lib/hash.ftl). -->
<#include "/lib/hash.ftl">
<#assign parts = sourceAttributes?map(a -> diffPart(a))>
${fn.md5(joinParts(parts))}
