<#--
  Adds a column to a table of the previous version (its values NULL in existing rows).
  Inputs: entity (the table after the migration), attr (the new attribute, with physicalDatatype),
  previous (the column it follows; absent = it is the first).
  The statement's form is the dialect's fn.add_column (T-SQL: ADD without COLUMN).
  With capability add_column_position the column goes to its place in the model's order, else last.
-->
${fn.add_column(entity.schema + "." + entity.sqlName, attr.sqlName + " " + attr.physicalDatatype)}<#if dialect.capabilities.add_column_position><#if previous??> AFTER ${previous}<#else> FIRST</#if></#if>;
