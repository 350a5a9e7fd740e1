<#--
  Renames a column (the model says renamedFrom); the values stay.
  Inputs: entity (the table after the migration), column (the old name), attr (the attribute under its new name).
  Used where the dialect has capability rename_column; elsewhere the table is rebuilt.
-->
ALTER TABLE ${entity.schema}.${entity.sqlName} RENAME COLUMN ${column} TO ${attr.sqlName};
