<#--
  Renames columns on Delta Lake (the model says renamedFrom); the values stay.
  Inputs: entity (the table after the migration), renames (as in default.ftl: column, target, in order).
  Delta renames (and drops) a column only under column mapping, so the table is switched to column
  mapping by name first, as Databricks itself asks: the rename is then a metadata change, not a
  rewrite of the data. Switching is idempotent for a table already in mode 'name', and it upgrades
  the table's protocol: Delta Lake 3.2 does not raise it by itself, so reader 2 / writer 5 are named,
  and a table already on table features (reader 3 / writer 7, as TIMESTAMP_NTZ columns make it)
  gets the columnMapping feature instead (both tried on Delta Lake 3.2). Readers without
  column mapping (Delta Lake before 1.2, Databricks Runtime before 10.2, some external engines) can
  no longer read the table. A table created in mode 'id' cannot be switched to 'name' and fails
  here; the change-data feed and streaming reads of the table stop at a rename unless schema
  tracking is set up for them.
-->
ALTER TABLE ${entity.schema}.${entity.sqlName} SET TBLPROPERTIES ('delta.columnMapping.mode' = 'name', 'delta.minReaderVersion' = '2', 'delta.minWriterVersion' = '5');
<#list renames as r>
ALTER TABLE ${entity.schema}.${entity.sqlName} RENAME COLUMN ${r.column} TO ${r.target};
</#list>
