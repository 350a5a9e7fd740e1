<#--
  Historized by datahash as insert: the load of satellites and PSAs (templates/generated_sat,
  generated_psa); include after /lib/dv.ftl. Rules 14-21 of dv-semantics.md.
-->
<#-- Rule 17: rows of one key and load time with different datahashes stop the load before any write.
     Where the key is the shipped HASH_KEY, the MD5 of the business key text (its formula renders as
     md5 of BUSINESS_KEY's), the rows are grouped by that text, in code point order so that no
     collation merges two texts whose hashes differ: the same groups without an MD5 per batch row
     (benchmark 15: 2.9 s of CPU against the hand SQL's 2.4 s at 1,000,000 rows on PostgreSQL). A
     key of another formula is grouped by its own value. -->
<#function conflictCheck keyMapping hk dh ltime extras>
    <#local keyText = keyTextOf(keyMapping)>
    <#local byText = (keyMapping.transformationType!"") == "HASH_KEY"
        && loads.getTransformationForMapping(keyMapping, "s") == fn.md5(keyText)>
    <#local group = byText?then(fn.code_point_order("m.dv_key_text"), "m." + hk.sqlName)>
    <#return failIfAny("    SELECT " + byText?then(group, "MIN(m.dv_key_text)") + " AS dv_key_text, " + fn.timestamp_text("m." + ltime.sqlName) + " AS dv_load_time_text
    FROM (
" + byText?then(keyTextSelect(keyText, ltime, dh, extras, "        "), mappedSelect(extras + [keyText + " AS dv_key_text"], "        ")) + "
    ) m
    GROUP BY " + group + ", m." + ltime.sqlName + "
    HAVING " + differentValues("m." + dh.sqlName, dh),
    lit("generated " + kind + " load " + model.load.name + " into " + target.schema + "." + target.name + ": the stage rows of key ")
        + cat + "bad.dv_key_text" + cat + lit(" at load time ") + cat + "bad.dv_load_time_text" + cat
        + lit(" conflict (same key and load time, different datahashes); nothing was loaded. Deliver one row per key and load time."))>
</#function>
<#-- The check's rows when it groups by the key text: that text, the load time and the datahash only. -->
<#function keyTextSelect keyText ltime dh extras indent>
    <#local cols = [keyText + " AS dv_key_text"] + transformations(mapping, "s", ["DV_LOAD_TIME", "DV_DATAHASH"]) + extras>
    <#return indent + "SELECT " + cols?join(",\n" + indent + "    ") + "\n" + indent + "FROM " + sourceTable(mapping) + " s"
        + loadOpt("OPT_WHERE")?has_content?then("\n" + indent + "WHERE (" + loadOpt("OPT_WHERE") + ")", "")>
</#function>
<#-- Historized by datahash as insert. The target is read once: a window over its rows (restricted to
     the batch's keys with OPT_SCAN_ONLY_THE_LATEST_BY_KEY) gives each key's latest row, whose load
     time is the high-water mark and whose datahash is compared with the key's first batch row
     (benchmark 15: reading it twice, MAX per key then the latest row, made the load 1.2-2.3x the
     hand-written SQL on PostgreSQL). The batch is numbered before the join, as the hand SQL's
     DISTINCT ON does: the numbering sorts it by key and load time, the join keeps that order and
     the LAG needs no sort of its own (numbered after the join, the batch was sorted by key for the
     join and then again by key, load time and datahash; benchmark 15, EXPLAIN ANALYZE). The
     high-water mark drops whole (key, load time) groups, so numbering before or after it keeps the
     same rows. -->
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
<#local scan = flag("OPT_SCAN_ONLY_THE_LATEST_BY_KEY")>
<#local notExistsWhere = loadOpt("OPT_NOT_EXISTS_WHERE")>
<#local check = conflictCheck(keyMapping, hk, dh, ltime, extras)>
${check};
<#-- The same check again at the head of the SQL package's run, before any load writes (runCheck
     collects it where the caller builds a run; rule 17 for the whole run). -->
<#if runCheck??><#local collected = runCheck(check)></#if>
<@auditBegin/>
<#-- T-SQL's ROW_NUMBER needs an ORDER BY: without a record source the rows of a partition are alike
     (same key, time and datahash), so the partition's own load time orders them. -->
INSERT INTO ${targetTable} (${cols?join(", ")})
SELECT ${qual(cols, "c")}
FROM (
    SELECT d.*,<#if !skip> l.dv_latest_key, l.dv_latest_hash,</#if>
        LAG(d.${dh.sqlName}) OVER (PARTITION BY d.${hk.sqlName} ORDER BY d.${ltime.sqlName}) AS dv_previous_hash
    FROM (
        SELECT n.*
        FROM (
            SELECT m.*,
                ROW_NUMBER() OVER (PARTITION BY m.${hk.sqlName}, m.${ltime.sqlName}, m.${dh.sqlName} ORDER BY ${(rsList?size gt 0)?then(fn.code_point_order("m." + rsList[0].sqlName), "m." + ltime.sqlName)}) AS dv_row_number
            FROM (
${mappedSelect(extras, "                ")}
            ) m
        ) n
        WHERE n.dv_row_number = 1
    ) d<#if !skip>
    LEFT JOIN (
        SELECT r.${hk.sqlName} AS dv_latest_key, r.${ltime.sqlName} AS dv_latest_load_time, r.${dh.sqlName} AS dv_latest_hash
        FROM (
            SELECT t.${hk.sqlName}, t.${ltime.sqlName}, t.${dh.sqlName},
                ROW_NUMBER() OVER (PARTITION BY t.${hk.sqlName} ORDER BY t.${ltime.sqlName} DESC) AS dv_row_number
            FROM ${targetTable} t<#if scan>
            WHERE t.${hk.sqlName} IN (
${keySelect("                ")}
            )<#if notExistsWhere?has_content>
              AND (${notExistsWhere})</#if><#elseif notExistsWhere?has_content>
            WHERE (${notExistsWhere})</#if>
        ) r
        WHERE r.dv_row_number = 1
    ) l ON l.dv_latest_key = d.${hk.sqlName}
    WHERE l.dv_latest_load_time IS NULL OR d.${ltime.sqlName} > l.dv_latest_load_time</#if>
) c
WHERE (c.dv_previous_hash IS NULL<#if !skip> AND (c.dv_latest_key IS NULL OR c.dv_latest_hash <> c.${dh.sqlName})</#if>)
   OR c.dv_previous_hash <> c.${dh.sqlName};
<@satelliteAudit hk ltime/>
</#macro>
<#-- OPT_AUDIT_HISTORY: one row per key and load time, checked after the insert. -->
<#macro satelliteAudit hk ltime>
<#if auditHistory()>
<@auditLoadTimes who=auditWho table=targetTable key=hk.sqlName keyLabel=hk.name loadTime=ltime.sqlName loadTimeLabel=ltime.name atomic=auditTx batchKeys=auditKeys()/>
<@auditCommit/>
</#if>
</#macro>
