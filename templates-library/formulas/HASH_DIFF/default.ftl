<#-- HASH_DIFF: MD5 of the '~'-joined values, NULL as '-1', nothing trimmed or folded, for change detection (see /lib/hash.ftl). -->
<#include "/lib/hash.ftl">
<#assign parts = sourceAttributes?map(a -> dvDiffPart(a))>
${fn.md5(joinParts(parts))}
