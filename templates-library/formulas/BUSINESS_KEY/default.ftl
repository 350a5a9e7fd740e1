<#-- BUSINESS_KEY: the readable business key, the key parts of HASH_KEY joined with '~' and upper-cased, unhashed. -->
<#include "/lib/hash.ftl">
<#assign parts = sourceAttributes?map(a -> dvKeyPart(a))>
${fn.upper(joinParts(parts))}
