<#--
  Drops a table that the new version no longer has (destructive: only with the caller's allowance).
  Inputs: entity (the table of the previous version).
-->
DROP TABLE ${entity.schema}.${entity.sqlName};
