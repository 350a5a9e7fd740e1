<#-- HASH_KEY: MD5 of the upper-cased, '~'-joined key values (see /lib/hash.ftl). -->
<#include "/lib/hash.ftl">
<#assign parts = sourceAttributes?map(a -> keyPart(a))>
${fn.md5(fn.upper(joinParts(parts)))}
