<#--
  Drops a column and its values on Delta Lake (destructive: only with the caller's allowance).
  Inputs: entity (the table after the migration), column (the dropped column's name).
  Delta drops a column only under column mapping, so the table is switched to column mapping by
  name first (see migrate_rename_column/databricks.ftl for what that means for readers). The drop
  is a metadata change: the values stay in the data files until they are rewritten
  (REORG TABLE … APPLY (PURGE), then VACUUM), and time travel to earlier versions still shows them.
-->
ALTER TABLE ${entity.schema}.${entity.sqlName} SET TBLPROPERTIES ('delta.columnMapping.mode' = 'name', 'delta.minReaderVersion' = '2', 'delta.minWriterVersion' = '5');
ALTER TABLE ${entity.schema}.${entity.sqlName} DROP COLUMN ${column};
