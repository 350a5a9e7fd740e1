<#--
  Changes a column's type and/or nullability in place.
  Inputs: entity (the table after the migration), attr (the attribute after, with physicalDatatype and
  nullable), typeChanged (the physical type differs in this dialect), nullabilityChanged.
  Used where the dialect has alter_column_type (or alter_column_widen for a widening), and
  alter_column_set_not_null for a column that becomes NOT NULL; elsewhere the table is rebuilt.
  The engine converts the stored values; a value that does not fit fails the statement.
-->
<#if typeChanged>
ALTER TABLE ${entity.schema}.${entity.sqlName} ALTER COLUMN ${attr.sqlName} SET DATA TYPE ${attr.physicalDatatype};
</#if>
<#if nullabilityChanged>
ALTER TABLE ${entity.schema}.${entity.sqlName} ALTER COLUMN ${attr.sqlName} <#if attr.nullable>DROP<#else>SET</#if> NOT NULL;
</#if>
