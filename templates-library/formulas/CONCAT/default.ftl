<#-- CONCAT: the source values as text joined with '~'; a single attribute passes through; none gives a typed NULL. -->
<#include "/lib/hash.ftl">
<#if sourceAttributes?size == 0>CAST(NULL AS ${physicalDatatype?has_content?then(physicalDatatype, "VARCHAR")})<#elseif sourceAttributes?size == 1>${col(sourceAttributes[0])}<#else><#assign parts = []><#list sourceAttributes as a><#assign parts = parts + [asText(a)]></#list>${joinParts(parts)}</#if>
