<#--
  Keeps SCD2 history continuous after the columns under the change hash changed (a hashed column
  added, dropped, moved or retyped, or the load's track_columns / track_except changed): recomputes
  DV_DATAHASH of the current rows (VALIDITY_STATUS = 1) from their stored values, with the same
  REFERENCE_HASH_DIFF over the same columns as the table's scd2 load (lib/change_hash.ftl). The
  next load then opens a version only for keys whose values really changed: a new column that the
  source leaves NULL hashes as it does here.
  When the plan cannot tell what the table's loads hash (known = false), nothing is written: a wrong
  hash would open a version for every key; the comment keeps the reason visible in the script.
  Inputs: entity (the table after the migration); known; with known, track_columns and
  track_except (the scd2 call's bound arguments); without, reason.
-->
<#if known>
<#include "/lib/load.ftl">
<#include "/lib/change_hash.ftl">
<#assign hash = loads.getAttributeForType(entity.attributes, "DV_DATAHASH")>
<#assign status = loads.getAttributeForType(entity.attributes, "VALIDITY_STATUS")>
<#assign hashed = changeHashAttributes(entity, untrackedNames(entity, track_columns, track_except))>
UPDATE ${entity.schema}.${entity.sqlName}
SET ${hash.sqlName} = ${loads.getTransformationForAttributes("REFERENCE_HASH_DIFF", hashed)}
WHERE ${status.sqlName} = 1;
<#else>
-- ${entity.schema}.${entity.name}: the change hash is not refreshed: ${reason}
</#if>
