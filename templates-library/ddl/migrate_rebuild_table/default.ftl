<#--
  Makes a table's column changes that the dialect cannot make with ALTER TABLE: a new table with
  the new columns, filled from the old one, then swapped in.
  Inputs: entity (the table after the migration), work (the new table's name), createWork (its
  CREATE TABLE), columns (each new column: name, physicalDatatype, source = the old column it is
  filled from or "" for a new column, cast = the type family changes).
  Where DDL is transactional (transactional_ddl) the swap is one transaction; the old table is
  dropped only after every row was copied. The new table's name is qualified in RENAME TO where the
  dialect needs it (rename_table_qualified); the rename's form is the dialect's fn.rename_table
  (sp_rename on SQL Server and Fabric, RENAME OBJECT on Synapse).
-->
<#assign table = entity.schema + "." + entity.sqlName>
<#if dialect.capabilities.transactional_ddl>
${fn.begin_transaction()};
</#if>
${createWork}
INSERT INTO ${entity.schema}.${work} (
<#list columns as c>
    ${c.name}<#sep>,</#sep>
</#list>
)
SELECT
<#list columns as c>
    <#if !c.source?has_content>CAST(NULL AS ${c.physicalDatatype})<#elseif c.cast>CAST(${c.source} AS ${c.physicalDatatype})<#else>${c.source}</#if> AS ${c.name}<#sep>,</#sep>
</#list>
FROM ${table};
DROP TABLE ${table};
${fn.rename_table(entity.schema, work, dialect.capabilities.rename_table_qualified?then(entity.schema + ".", "") + entity.sqlName, entity.name)};
<#if dialect.capabilities.transactional_ddl>
COMMIT;
</#if>
