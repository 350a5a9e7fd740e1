<#--
  Not SQL: the names of the columns the scd2 template's change hash covers for a call with these
  arguments, one per line. The migration planner compares them between two versions to decide
  whether the stored hash must be refreshed, with the template's own rule (lib/change_hash.ftl).
  Inputs: entity (the table), track_columns, track_except (the call's bound arguments).
-->
<#include "/lib/load.ftl">
<#include "/lib/change_hash.ftl">
<#list changeHashAttributes(entity, untrackedNames(entity, track_columns, track_except)) as a>
${a.name}
</#list>
