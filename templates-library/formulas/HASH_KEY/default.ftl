<#-- HASH_KEY: MD5 of the upper-cased, '~'-joined key values (see /lib/hash.ftl). -->
<#include "/lib/hash.ftl">
<#assign parts = []><#list sourceAttributes as a><#assign parts = parts + [keyPart(a)]></#list>
${fn.md5(fn.upper(joinParts(parts)))}
