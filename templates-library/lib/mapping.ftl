<#--
  Helpers over a load's entity mapping (model.load.mappings[i]): the SQL of its mapped target
  attributes, and its source and target column lists. Include with <#include "/lib/mapping.ftl">;
  looked up by the dialect's lineage like the other lib files.

  A mapped target attribute's expression is loads.getTransformationForMapping: a plain copy
  (no transformation type) is the prefixed source column; CUSTOM is its formula as written; any
  other type is that type's formula for the dialect (formulas/<TYPE>/), which receives the mapped
  source attributes in mapping order (sourceAttributes, with datatypes and physical types), the
  prefix, and the target's attributeName and physicalDatatype. A team's own formulas therefore
  change every generated load.

  Filters `only` / `except` are lists of target attribute types; "" stands for an attribute
  without a type (a payload column).
-->
<#-- The attribute mappings whose target attribute's type passes the filters, in mapping order. -->
<#function mappedAttributes mapping only=[] except=[]>
    <#local out = []>
    <#list mapping.attributeMappings as am>
        <#local type = am.targetAttribute.attributeType!"">
        <#if (only?size == 0 || only?seq_contains(type)) && !except?seq_contains(type)>
            <#local out = out + [am]>
        </#if>
    </#list>
    <#return out>
</#function>
<#-- The SQL expression of one mapped target attribute, its source columns prefixed with `prefix.`. -->
<#function mappedExpression attributeMapping prefix="">
    <#return loads.getTransformationForMapping(attributeMapping, prefix)>
</#function>
<#-- "<expr> AS <target>" for every mapped target attribute passing the filters. -->
<#function transformations mapping prefix="" only=[] except=[]>
    <#local out = []>
    <#list mappedAttributes(mapping, only, except) as am>
        <#local out = out + [mappedExpression(am, prefix) + " AS " + am.targetAttribute.sqlName]>
    </#list>
    <#return out>
</#function>
<#-- The transformation list written out, one "<expr> AS <target>" per line. -->
<#macro transformationList mapping prefix="" only=[] except=[] separator=",\n    ">${transformations(mapping, prefix, only, except)?join(separator)}</#macro>
<#-- The target columns (SQL form) of the mapped target attributes passing the filters. -->
<#function targetNames mapping only=[] except=[]>
    <#local out = []>
    <#list mappedAttributes(mapping, only, except) as am><#local out = out + [am.targetAttribute.sqlName]></#list>
    <#return out>
</#function>
<#-- The source columns (SQL form) the mapping reads, each once, in mapping order. -->
<#function sourceNames mapping>
    <#local out = []>
    <#list mapping.attributeMappings as am>
        <#list am.sourceAttributes as a><#if !out?seq_contains(a.sqlName)><#local out = out + [a.sqlName]></#if></#list>
    </#list>
    <#return out>
</#function>
<#-- The attribute mappings whose target attribute is of the type (maybe none). -->
<#function mappingsOfType mapping attributeType>
    <#return mappedAttributes(mapping, [attributeType])>
</#function>
<#-- The mapping's source relation, schema.table as SQL writes it. -->
<#function sourceTable mapping>
    <#return mapping.sourceEntity.schema + "." + mapping.sourceEntity.sqlName>
</#function>
