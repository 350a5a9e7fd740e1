<#-- BUSINESS_KEY: the readable business key, the key parts of HASH_KEY joined with '~' and upper-cased, unhashed. -->
<#include "/lib/hash.ftl">
<#assign parts = []><#list sourceAttributes as a><#assign parts = parts + [keyPart(a)]></#list>
${fn.upper(joinParts(parts))}
