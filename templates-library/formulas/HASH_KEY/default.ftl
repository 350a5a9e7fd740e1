<#-- HASH_KEY: MD5 of the upper-cased, '~'-joined key parts, each trimmed, '' as NULL, NULL as '-1' (see /lib/hash.ftl). -->
<#include "/lib/hash.ftl">
<#assign parts = sourceAttributes?map(a -> dvKeyPart(a))>
${fn.md5(fn.upper(joinParts(parts)))}
