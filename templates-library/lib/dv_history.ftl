<#--
  Historized by datahash as insert: the load of satellites and PSAs (templates/generated_sat,
  generated_psa); include after /lib/dv.ftl. Rules 14-21 of dv-semantics.md.
-->
<#-- Rule 17: rows of one key and load time with different datahashes stop the load before any write. -->
<#function conflictCheck keyText hk dh ltime extras>
    <#return failIfAny("    SELECT MIN(m.dv_key_text) AS dv_key_text, " + fn.timestamp_text("m." + ltime.sqlName) + " AS dv_load_time_text
    FROM (
" + mappedSelect(extras + [keyText + " AS dv_key_text"], "        ") + "
    ) m
    GROUP BY m." + hk.sqlName + ", m." + ltime.sqlName + "
    HAVING COUNT(DISTINCT m." + dh.sqlName + ") > 1",
    lit("generated " + kind + " load " + model.load.name + " into " + target.schema + "." + target.name + ": the stage rows of key ")
        + cat + "bad.dv_key_text" + cat + lit(" at load time ") + cat + "bad.dv_load_time_text" + cat
        + lit(" conflict (same key and load time, different datahashes); nothing was loaded. Deliver one row per key and load time."))>
</#function>
<#macro historizedByDatahash>
<#local ok = checkOptions() && checkHashParts()>
<#local keyMapping = mappedOfType("DV_HASHKEY", "the parent key")>
<#local hk = keyMapping.targetAttribute>
<#local dh = mappedOfType("DV_DATAHASH", "the datahash that tells a change").targetAttribute>
<#local ltime = targetOfType("DV_LOAD_TIME", "orders a key's rows")>
<#local rsList = mappedRecordSources()>
<#local extras = loadTimeExtra(ltime)>
<#local cols = insertColumns(ltime)>
<#local skip = skipDuplicatePrevention()>
<#local keyText = keyTextOf(keyMapping)>
<#-- OPT_SCAN_ONLY_THE_LATEST_BY_KEY: one read of the target, restricted to the batch's keys, gives
     each key's latest row (its load time is the high-water mark, its datahash the one compared);
     the default reads the whole target twice (MAX per key, then the latest row per key). -->
<#local scan = flag("OPT_SCAN_ONLY_THE_LATEST_BY_KEY")>
<#if scan>
    <@scanOnlyTheLatest keyText hk dh ltime rsList extras cols/>
    <@satelliteAudit hk ltime/>
    <#return>
</#if>
${conflictCheck(keyText, hk, dh, ltime, extras)};
<@auditBegin/>
<#-- T-SQL's ROW_NUMBER needs an ORDER BY: without a record source the rows of a partition are alike
     (same key, time and datahash), so the partition's own load time orders them. -->
INSERT INTO ${targetTable} (${cols?join(", ")})
SELECT ${qual(cols, "c")}
FROM (
    SELECT d.*,
        LAG(d.${dh.sqlName}) OVER (PARTITION BY d.${hk.sqlName} ORDER BY d.${ltime.sqlName}) AS dv_previous_hash
    FROM (
        SELECT n.*
        FROM (
            SELECT m.*,
                ROW_NUMBER() OVER (PARTITION BY m.${hk.sqlName}, m.${ltime.sqlName}, m.${dh.sqlName} ORDER BY ${(rsList?size gt 0)?then(fn.code_point_order("m." + rsList[0].sqlName), "m." + ltime.sqlName)}) AS dv_row_number
            FROM (
${mappedSelect(extras, "                ")}
            ) m
        ) n<#if !skip>
        LEFT JOIN (
            SELECT t.${hk.sqlName}, MAX(t.${ltime.sqlName}) AS dv_latest_load_time
            FROM ${targetTable} t<#if loadOpt("OPT_NOT_EXISTS_WHERE")?has_content>
            WHERE (${loadOpt("OPT_NOT_EXISTS_WHERE")})</#if>
            GROUP BY t.${hk.sqlName}
        ) w ON w.${hk.sqlName} = n.${hk.sqlName}</#if>
        WHERE n.dv_row_number = 1<#if !skip>
          AND (w.dv_latest_load_time IS NULL OR n.${ltime.sqlName} > w.dv_latest_load_time)</#if>
    ) d
) c<#if !skip>
LEFT JOIN (
    SELECT r.${hk.sqlName}, r.${dh.sqlName}
    FROM (
        SELECT t.${hk.sqlName}, t.${dh.sqlName},
            ROW_NUMBER() OVER (PARTITION BY t.${hk.sqlName} ORDER BY t.${ltime.sqlName} DESC) AS dv_row_number
        FROM ${targetTable} t<#if loadOpt("OPT_NOT_EXISTS_WHERE")?has_content>
        WHERE (${loadOpt("OPT_NOT_EXISTS_WHERE")})</#if>
    ) r
    WHERE r.dv_row_number = 1
) l ON l.${hk.sqlName} = c.${hk.sqlName}</#if>
WHERE (c.dv_previous_hash IS NULL<#if !skip> AND (l.${hk.sqlName} IS NULL OR l.${dh.sqlName} <> c.${dh.sqlName})</#if>)
   OR c.dv_previous_hash <> c.${dh.sqlName};
<@satelliteAudit hk ltime/>
</#macro>
<#-- OPT_AUDIT_HISTORY: one row per key and load time, checked after the insert (both paths). -->
<#macro satelliteAudit hk ltime>
<#if auditHistory()>
<@auditLoadTimes who=auditWho table=targetTable key=hk.sqlName keyLabel=hk.name loadTime=ltime.sqlName loadTimeLabel=ltime.name atomic=auditTx/>
<@auditCommit/>
</#if>
</#macro>
<#-- The same load as historizedByDatahash (same rows inserted), comparing with one window over the
     target rows of the batch's keys: their latest row per key gives both the high-water mark and the
     datahash compared with. -->
<#macro scanOnlyTheLatest keyText hk dh ltime rsList extras cols>
${conflictCheck(keyText, hk, dh, ltime, extras)};
<@auditBegin/>
INSERT INTO ${targetTable} (${cols?join(", ")})
SELECT ${qual(cols, "c")}
FROM (
    SELECT d.*,
        LAG(d.${dh.sqlName}) OVER (PARTITION BY d.${hk.sqlName} ORDER BY d.${ltime.sqlName}) AS dv_previous_hash
    FROM (
        SELECT n.*, l.dv_latest_key, l.dv_latest_hash
        FROM (
            SELECT m.*,
                ROW_NUMBER() OVER (PARTITION BY m.${hk.sqlName}, m.${ltime.sqlName}, m.${dh.sqlName} ORDER BY ${(rsList?size gt 0)?then(fn.code_point_order("m." + rsList[0].sqlName), "m." + ltime.sqlName)}) AS dv_row_number
            FROM (
${mappedSelect(extras, "                ")}
            ) m
        ) n
        LEFT JOIN (
            SELECT r.${hk.sqlName} AS dv_latest_key, r.${ltime.sqlName} AS dv_latest_load_time, r.${dh.sqlName} AS dv_latest_hash
            FROM (
                SELECT t.${hk.sqlName}, t.${ltime.sqlName}, t.${dh.sqlName},
                    ROW_NUMBER() OVER (PARTITION BY t.${hk.sqlName} ORDER BY t.${ltime.sqlName} DESC) AS dv_row_number
                FROM ${targetTable} t
                WHERE t.${hk.sqlName} IN (
${keySelect("                    ")}
                )<#if loadOpt("OPT_NOT_EXISTS_WHERE")?has_content>
                  AND (${loadOpt("OPT_NOT_EXISTS_WHERE")})</#if>
            ) r
            WHERE r.dv_row_number = 1
        ) l ON l.dv_latest_key = n.${hk.sqlName}
        WHERE n.dv_row_number = 1
          AND (l.dv_latest_load_time IS NULL OR n.${ltime.sqlName} > l.dv_latest_load_time)
    ) d
) c
WHERE (c.dv_previous_hash IS NULL AND (c.dv_latest_key IS NULL OR c.dv_latest_hash <> c.${dh.sqlName}))
   OR c.dv_previous_hash <> c.${dh.sqlName};
</#macro>
