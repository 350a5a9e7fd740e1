<#--
  The dialect-dependent pieces of templates/scd2 (imported there as `variant`). This file is the
  default, the seed's forms (Snowflake, BigQuery); a dialect replaces it with lib/<dialect>/scd2.ftl,
  found by the dialect's lineage (postgresql, duckdb, h2 -> lib/sql2016/scd2.ftl; databricks ->
  lib/databricks/scd2.ftl). Everything else of scd2 is shared. A variant may also define a macro
  `merge rows tail` (rows: the query of rows to merge; tail: ON ... VALUES (...)); without it the
  template writes MERGE INTO <target> trg USING (rows) src tail.
-->
<#-- The open version's VALID_TO under the far-future convention: the next version's start, else 9999-12-31. -->
<#function validTo lead type>
    <#return "IFNULL(\n            " + lead + "\n            , CAST('9999-12-31' AS " + type + ")\n        )">
</#function>
<#-- The alias of the derived table of versions (the seed writes none). -->
<#assign derivedAlias = "">
<#-- The prefix of the columns in the MERGE's INSERT VALUES (the seed writes bare names). -->
<#assign valuesPrefix = "">
