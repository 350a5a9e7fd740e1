<#--
  scd2's dialect pieces for Databricks / Spark; see lib/scd2.ftl. The merge is staged in three
  statements: open-source Delta Lake refuses a MERGE whose source reads the MERGE's own target
  ("Table does not support reads"), so the rows to merge are first written to the work table
  <target_schema>.Z_SCD2_MERGE_<target_entity_name> (replaced on each run), then merged, then the
  work table is dropped. Databricks runs this as well.
-->
<#function validTo lead type>
    <#return fn.nvl(lead, fn.end_of_time(type))>
</#function>
<#assign derivedAlias = " versions">
<#assign valuesPrefix = "src.">
<#macro merge rows tail>
DROP TABLE IF EXISTS <target_schema>.Z_SCD2_MERGE_<target_entity_name>;
CREATE TABLE <target_schema>.Z_SCD2_MERGE_<target_entity_name> AS
${rows?trim};
MERGE INTO <target_schema>.${model.load.target.sqlName} trg USING <target_schema>.Z_SCD2_MERGE_<target_entity_name> src
${tail?trim};
DROP TABLE IF EXISTS <target_schema>.Z_SCD2_MERGE_<target_entity_name>
</#macro>
