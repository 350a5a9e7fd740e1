<#-- REFERENCE_HASH_KEY: a hash key built from the key attributes of another entity; same rules as HASH_KEY. -->
<#include "/lib/hash.ftl">
<#assign parts = sourceAttributes?map(a -> keyPart(a))>
${fn.md5(fn.upper(joinParts(parts)))}
