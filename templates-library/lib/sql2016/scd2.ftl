<#--
  scd2's dialect pieces for engines whose MERGE follows SQL:2016 strictly (PostgreSQL, DuckDB, H2);
  see lib/scd2.ftl. COALESCE (fn.nvl) instead of IFNULL; INSERT VALUES take src.-qualified columns
  (H2 finds bare names ambiguous); the derived table of versions has an alias.
-->
<#function validTo lead type>
    <#return fn.nvl(lead, fn.end_of_time(type))>
</#function>
<#assign derivedAlias = " versions">
<#assign valuesPrefix = "src.">
