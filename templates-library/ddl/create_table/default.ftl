<#--
  CREATE TABLE for an entity, in the order of its attributes.
  Inputs: entity (name, schema, attributes with physicalDatatype and nullable).
  A dialect needs its own variant only where this standard form does not run.
-->
CREATE TABLE ${entity.schema}.${entity.sqlName} (
<#list entity.attributes as attr>
    ${attr.sqlName} ${attr.physicalDatatype}<#if !attr.nullable> NOT NULL</#if><#sep>,</#sep>
</#list>
);
