<#--
  History invariant audits (issue 47 item 7): one statement, written after a load's write and before
  its COMMIT, that fails the load naming up to `shown` offending keys when the target's history is
  broken. Include after /lib/load.ftl. The error is raised as every check of the library raises it
  (failIfAny: fn.raise_error over a column of the offending row), so it differs per dialect only
  through capabilities and fn snippets. The offending keys are listed with the dialect's
  ordered_agg (sorted, so the message is the same on every run), '~' read as '; '.

  Macros (each writes one statement ending in ';'):
    auditValidity   validity ranges: one open version per key, no two rows of a key with one start,
                    no zero-length or inverted closed range, no overlap, the current flag where open.
    auditUnique     one row per key (hub and link keys).
    auditLoadTimes  one row per key and load time (satellites, PSA), or one datahash per key and load
                    time (a multi-active satellite's set).
  `who` starts the message ("scd2 load l"); `atomic` says whether the write is rolled back with the
  audit's error (the template wrote it inside a transaction), which the message then says.
  `batchKeys`: a query of the keys the load may have written, its columns named as the key columns;
  the audit then reads only those keys' rows (all of each key's rows, so every invariant of a key is
  checked whole). A load cannot break a key it did not write, so this misses only a violation that
  was already in the target under a key the batch did not touch. "" audits the whole target (the
  templates' audit_scope=full, OPT_AUDIT_HISTORY=full, and loads that may write every key).
-->
<#-- How many offending keys a message names at most. -->
<#assign auditShown = 5>
<#-- The first n rows of a query in the order of its column dv_audit_key (LIMIT, or TOP where the
     dialect lacks select_limit). -->
<#function auditFirstRows query n>
    <#if dialect.capabilities.select_limit!true>
        <#return query + "\n    ORDER BY 1\n    LIMIT " + n>
    </#if>
    <#return "    SELECT TOP " + n + " * FROM (\n" + query + "\n    ) f ORDER BY f.dv_audit_key">
</#function>
<#-- The target's rows the audit reads: FROM the table as t, restricted to batchKeys when given. -->
<#function auditFrom table keys batchKeys indent="            ">
    <#if !batchKeys?has_content><#return "FROM " + table + " t"></#if>
    <#local on = []>
    <#list keys as k><#local on = on + ["b." + k + " = t." + k]></#list>
    <#return "FROM " + table + " t\n" + indent + "WHERE EXISTS (SELECT 1 FROM (" + batchKeys + ") b WHERE " + on?join(" AND ") + ")">
</#function>
<#-- What the comment above an audit says it reads. -->
<#function auditReads batchKeys>
    <#return batchKeys?has_content?then("the keys of this batch", "the whole target")>
</#function>
<#-- The failing statement over `offenders`, a query of one row per offending key with the text
     columns dv_audit_key and dv_audit_problem; it returns no row when there is none. -->
<#function auditStatement who table offenders atomic>
    <#local listed = fn.ordered_agg("x.dv_audit_key" + cat + lit(": ") + cat + "x.dv_audit_problem")>
    <#local aggregated = "    SELECT a.* FROM (\n    SELECT COUNT(*) AS dv_audit_n, " + listed + " AS dv_audit_keys\n    FROM (\n"
        + auditFirstRows(offenders, auditShown) + "\n    ) x\n    ) a\n    WHERE a.dv_audit_n > 0">
    <#return failIfAny(aggregated,
        lit(who + ": the target " + table + " breaks its history invariants after the write; offending keys (at most "
            + auditShown + " shown): ") + cat + "REPLACE(bad.dv_audit_keys, '~', '; ')"
        + cat + lit(atomic?then(". The load is rolled back; repair the history (or the load) and rerun.",
            ". This run's write stays (the dialect has no multi-statement transactions); repair the history (or the load)."))) + ";">
</#function>
<#-- The offending keys' query: the problem (the first of the codes 1..n that a key's rows show) as
     text, the key as the columns `shown` (SQL forms, grouped by) under their `labels`. rows: a query
     over the target with the shown columns and dv_audit_code (NULL on a sound row). -->
<#function auditOffenders rows labels shown problems>
    <#local cases = []>
    <#list problems as p><#local cases = cases + ["WHEN " + (p?index + 1) + " THEN " + lit(p)]></#list>
    <#return "        SELECT " + keyTextSql(labels, shown, "h") + " AS dv_audit_key, CASE MIN(h.dv_audit_code) " + cases?join(" ")
        + " END AS dv_audit_problem\n        FROM (\n" + rows + "\n        ) h\n        WHERE h.dv_audit_code IS NOT NULL\n        GROUP BY "
        + qual(shown, "h")>
</#function>
<#-- Validity ranges. keys: the SQL forms of the key columns (the partition of the history); labels /
     shown: names and SQL forms of the columns the message shows per key (the key, or a business key
     beside a hash key: then the keys and these); vf, vt: the validity columns (SQL forms), vfName
     the start's name for the message; convention: null | far_future (lib/load.ftl openEnd); type:
     VALID_TO's physical type; status / on: the current flag column and its value for current, or ""
     without a flag. One pass: a window per key over the target ordered by start. -->
<#macro auditValidity who table keys labels shown vf vfName vt convention type status="" on="1" atomic=true partition=[] batchKeys="">
<#local cols = shown + keys?filter(c -> !shown?seq_contains(c))>
<#-- partition: other expressions of the keys to partition by (scd2's hash key in code point order,
     which PostgreSQL sorts faster than under a locale collation); both windows share one ordering,
     so every engine sorts the target once. -->
<#local part = "PARTITION BY " + (partition?size gt 0)?then(partition?join(", "), qual(keys, "t")) + " ORDER BY t." + vf>
<#local endExpr = endOrNull("t." + vt, convention, type)>
<#local problems = ["two open versions", "two rows with one " + vfName, "a range that ends where or before it starts",
    "overlapping ranges"] + status?has_content?then(["a current flag that disagrees with the open end"], [])>
<#local rows>
            SELECT ${qual(cols, "w")}, CASE
                WHEN w.dv_open_n > 1 THEN 1
                WHEN w.dv_next_from = w.dv_from THEN 2
                WHEN w.dv_end IS NOT NULL AND w.dv_end <= w.dv_from THEN 3
                WHEN w.dv_next_from IS NOT NULL AND (w.dv_end IS NULL OR w.dv_end > w.dv_next_from) THEN 4
<#if status?has_content>
                WHEN w.dv_current <> CASE WHEN w.dv_end IS NULL THEN 1 ELSE 0 END THEN 5
</#if>
            END AS dv_audit_code
            FROM (
                SELECT ${qual(cols, "t")}, t.${vf} AS dv_from, ${endExpr} AS dv_end<#if status?has_content>, CASE WHEN t.${status} = ${on} THEN 1 ELSE 0 END AS dv_current</#if>
                    , SUM(CASE WHEN ${endExpr} IS NULL THEN 1 ELSE 0 END) OVER (${part} ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS dv_open_n
                    , LEAD(t.${vf}) OVER (${part}) AS dv_next_from
                ${auditFrom(table, keys, batchKeys, "                ")}
            ) w</#local>
-- Audit (audit_history): the history's invariants of ${auditReads(batchKeys)}, after the write<#if atomic> and before the COMMIT</#if>
${auditStatement(who, table, auditOffenders(rows, labels, shown, problems), atomic)}
</#macro>
<#-- One row per key (hubs, links). -->
<#macro auditUnique who table keys labels atomic=true batchKeys="">
<#local rows>
            SELECT ${qual(keys, "t")}, CASE WHEN COUNT(*) > 1 THEN 1 END AS dv_audit_code
            ${auditFrom(table, keys, batchKeys)}
            GROUP BY ${qual(keys, "t")}</#local>
-- Audit (OPT_AUDIT_HISTORY): one row per key of ${auditReads(batchKeys)}, after the write<#if atomic> and before the COMMIT</#if>
${auditStatement(who, table, auditOffenders(rows, labels, keys, ["several rows"]), atomic)}
</#macro>
<#-- One row per key and load time (key: SQL form, keyLabel its name; loadTime likewise), or with
     datahash given one datahash per key and load time (a multi-active satellite's set). -->
<#macro auditLoadTimes who table key keyLabel loadTime loadTimeLabel datahash="" atomic=true batchKeys="">
<#local rows>
            SELECT t.${key}, ${fn.timestamp_text("t." + loadTime)} AS dv_load_time_text, CASE WHEN COUNT(<#if datahash?has_content>DISTINCT t.${datahash}<#else>*</#if>) > 1 THEN 1 END AS dv_audit_code
            ${auditFrom(table, [key], batchKeys)}
            GROUP BY t.${key}, t.${loadTime}</#local>
-- Audit (OPT_AUDIT_HISTORY): one <#if datahash?has_content>set<#else>row</#if> per key and load time of ${auditReads(batchKeys)}, after the write<#if atomic> and before the COMMIT</#if>
${auditStatement(who, table, auditOffenders(rows, [keyLabel, loadTimeLabel], [key, "dv_load_time_text"],
    [datahash?has_content?then("several sets (datahashes) at one load time", "several rows at one load time")]), atomic)}
</#macro>
