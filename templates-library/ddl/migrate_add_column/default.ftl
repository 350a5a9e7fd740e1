<#--
  Adds a column to a table of the previous version (its values NULL in existing rows).
  Inputs: entity (the table after the migration), attr (the new attribute, with physicalDatatype),
  previous (the column it follows; absent = it is the first).
  With capability add_column_position the column goes to its place in the model's order, else last.
-->
ALTER TABLE ${entity.schema}.${entity.sqlName} ADD COLUMN ${attr.sqlName} ${attr.physicalDatatype}<#if dialect.capabilities.add_column_position><#if previous??> AFTER ${previous}<#else> FIRST</#if></#if>;
