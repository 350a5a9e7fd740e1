<#--
  Renames columns (the model says renamedFrom); the values stay.
  Inputs: entity (the table after the migration), renames (in the order to run them: column = the
  name now, target = the new name; in a cycle of renames, such as a swap, one column takes a
  temporary name first and leaves it last).
  Used where the dialect has capability rename_column; elsewhere the table is rebuilt.
-->
<#list renames as r>
ALTER TABLE ${entity.schema}.${entity.sqlName} RENAME COLUMN ${r.column} TO ${r.target};
</#list>
