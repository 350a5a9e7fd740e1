<#--
  Drops a column and its values (destructive: only with the caller's allowance).
  Inputs: entity (the table after the migration), column (the dropped column's name).
  Used where the dialect has capability drop_column; elsewhere the table is rebuilt without it.
-->
ALTER TABLE ${entity.schema}.${entity.sqlName} DROP COLUMN ${column};
