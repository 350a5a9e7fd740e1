<#--
  generated_sat_ma_c: the main step of a SAT_MA_C load, the current view of a multi-active satellite, generated from
  its one entity mapping (source: the satellite).
  Inputs: target attributes DV_HASHKEY and DV_LOAD_TIME, both mapped (usually plain copies of the
  satellite's); option OPT_WHERE.
  Semantics (rule 27): per key all rows at its latest load time, the whole latest set (not one row per key; by load time, not by insertion
  order or by value); CREATE OR REPLACE VIEW.
-->
<#include "/lib/dv.ftl">
<#assign ok = checkOptions() && checkHashParts()>
<#assign hk = mappedOfType("DV_HASHKEY", "the key").targetAttribute>
<#assign ltime = mappedOfType("DV_LOAD_TIME", "picks the current set").targetAttribute>
<#assign cols = insertColumns()>
${fn.create_or_replace_view(targetTable)}
SELECT ${qual(cols, "c")}
FROM (
    SELECT m.*,
        RANK() OVER (PARTITION BY m.${hk.sqlName} ORDER BY m.${ltime.sqlName} DESC) AS dv_row_number
    FROM (
${mappedSelect([], "        ")}
    ) m
) c
WHERE c.dv_row_number = 1;
