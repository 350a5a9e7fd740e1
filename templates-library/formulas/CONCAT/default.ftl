<#-- CONCAT: the source values as text joined with '~'; a single attribute passes through; none gives a typed NULL. -->
<#include "/lib/hash.ftl">
<#if sourceAttributes?size == 0>CAST(NULL AS ${physicalDatatype?has_content?then(physicalDatatype, "VARCHAR")})<#elseif sourceAttributes?size == 1>${col(sourceAttributes[0])}<#else><#assign parts = sourceAttributes?map(a -> asText(a))>${joinParts(parts)}</#if>
