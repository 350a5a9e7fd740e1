<#--
  generated_sat_ma: the main step of a SAT_MA (multi-active satellite) load generated from its one
  entity mapping (no parameters).
  Inputs
    Target attributes by type: DV_HASHKEY (mapped), DV_DATAHASH (mapped with HASH_LIST over the
    payload: an aggregate over the set), DV_LOAD_TIME (mapped, else the run's CURRENT_TS), optional
    DV_RECORD_SOURCE; the payload is the other mapped attributes. Options: OPT_WHERE, OPT_SKIP_DUPLICATE_PREVENTION,
    OPT_AUDIT_HISTORY (Loadsmith's own: one set per key and load time checked after the insert).
  Semantics (rules 22-24)
    A set is the distinct rows of one key at one load time (a row delivered under several record
    sources once, the lowest kept); every row of a set carries the set's HASH_LIST. Per key only
    sets later than its latest satellite set count; in load-time order a set is inserted whole when
    its datahash differs from the previous set's (the first compared with the key's latest set in
    the satellite), so a changed, lost or added member inserts the whole new set, and member order
    or repetition does not.
-->
<#include "/lib/dv.ftl">
<#assign ok = checkOptions() && checkHashParts()>
<#assign keyMapping = mappedOfType("DV_HASHKEY", "the parent key")>
<#assign hk = keyMapping.targetAttribute>
<#assign dhMapping = mappedOfType("DV_DATAHASH", "the set's HASH_LIST")>
<#assign dh = dhMapping.targetAttribute>
<#if (dhMapping.transformationType!"") != "HASH_LIST">
    <#stop where() + ": target attribute " + dh.name + " (DV_DATAHASH) of a SAT_MA must be mapped with HASH_LIST (the datahash of the whole set), not "
        + (dhMapping.transformationType!"a plain copy") + ".">
</#if>
<#assign ltime = targetOfType("DV_LOAD_TIME", "the time of a set")>
<#assign ltimeExpr = isMapped(ltime)?then(mappedExpression(mappedOfType("DV_LOAD_TIME", "the time of a set"), "s"),
    loads.getTransformationForAttributes("CURRENT_TS", []))>
<#assign rsList = mappedRecordSources()>
<#assign memberCols = targetNames(mapping, [], ["DV_DATAHASH", "DV_RECORD_SOURCE"]) + isMapped(ltime)?then([], [ltime.sqlName])>
<#assign cols = insertColumns(ltime)>
<#assign skip = skipDuplicatePrevention()>
<#-- Where the dialect's ordered_distinct_agg keeps repeated values (T-SQL's STRING_AGG), the rows of a
     set are made distinct on the HASH_LIST's parts first, text parts compared in code point order
     (a case-insensitive collation would make 'a' and 'A' one member). -->
<#assign distinctAgg = dialect.capabilities.distinct_string_agg!true>
<#assign listParts = []>
<#list dhMapping.sourceAttributes as a>
    <#assign listParts = listParts + [["CHAR", "VARCHAR"]?seq_contains(a.datatype!"")?then(fn.code_point_order("s." + a.sqlName) + " AS " + a.sqlName, "s." + a.sqlName)]>
</#list>
<#-- A member is one distinct row of the set, grouped by its columns, text compared in code point
     order as the HASH_LIST's parts are (the key is hex): under a case-insensitive collation (SQL
     Server's usual one) 'a' and 'A' would be one member, one row fewer than the set's hash counts.
     The record source is the lowest of the member's rows. A GROUP BY where a ROW_NUMBER kept row 1:
     PostgreSQL estimated the numbered rows at 0.5 % of the batch and materialized all the members
     for the final merge join (80 MB of temporary file at 1,000,000 rows, benchmark 15); the
     grouping's estimate lets it materialize the changed sets instead, as for the hand SQL. -->
<#assign rsName = (rsList?size gt 0)?then(rsList[0].sqlName, "")>
<#assign memberParts = []>
<#list memberCols as c>
    <#assign memberAttr = target.attributes?filter(a -> a.sqlName == c)>
    <#assign memberParts = memberParts + [(c != hk.sqlName && memberAttr?has_content && ["CHAR", "VARCHAR"]?seq_contains(memberAttr[0].datatype!""))?then(fn.code_point_order("m." + c), "m." + c)]>
</#list>
<#assign memberSelect = []>
<#list memberCols as c>
    <#assign memberSelect = memberSelect + [memberParts[c?index] + " AS " + c]>
</#list>
<#if rsName?has_content>
    <#assign memberSelect = memberSelect + ["MIN(" + fn.code_point_order("m." + rsName) + ") AS " + rsName]>
</#if>
<#assign whereOpt = loadOpt("OPT_WHERE")?has_content?then("\n        WHERE (" + loadOpt("OPT_WHERE") + ")", "")>
<@auditBegin/>
INSERT INTO ${targetTable} (${cols?join(", ")})
SELECT <#list cols as c><#if c == dh.sqlName>ch.dv_set_hash<#else>mem.${c}</#if><#sep>, </#list>
FROM (
    SELECT ${memberSelect?join(", ")}
    FROM (
${mappedSelect(loadTimeExtra(ltime), "        ", ["DV_DATAHASH"])}
    ) m
    GROUP BY ${memberParts?join(", ")}
) mem
JOIN (
    SELECT st.*,<#if !skip> l.dv_latest_key, l.dv_latest_hash,</#if>
        LAG(st.dv_set_hash) OVER (PARTITION BY st.dv_set_key ORDER BY st.dv_set_time) AS dv_previous_hash
    FROM (
        SELECT x.dv_set_key, x.dv_set_time, ${loads.getTransformationForAttributes("HASH_LIST", dhMapping.sourceAttributes, "x")} AS dv_set_hash
        FROM (
            SELECT <#if !distinctAgg>DISTINCT </#if>${mappedExpression(keyMapping, "s")} AS dv_set_key, ${ltimeExpr} AS dv_set_time, ${distinctAgg?then("s.*", listParts?join(", "))}
            FROM ${sourceTable(mapping)} s${whereOpt}
        ) x
        GROUP BY x.dv_set_key, x.dv_set_time
    ) st<#if !skip>
    <#-- One read of the satellite: each key's latest row gives the high-water mark and the latest
         set's hash, which all its rows carry (rule 22; the highest wins should they not). Reading
         it three times (MAX per key twice, then the latest set's rows) made the load 1.25-1.55x the
         hand-written SQL on PostgreSQL (benchmark 15). -->
    LEFT JOIN (
        SELECT r.${hk.sqlName} AS dv_latest_key, r.${ltime.sqlName} AS dv_latest_load_time, r.${dh.sqlName} AS dv_latest_hash
        FROM (
            SELECT t.${hk.sqlName}, t.${ltime.sqlName}, t.${dh.sqlName},
                ROW_NUMBER() OVER (PARTITION BY t.${hk.sqlName} ORDER BY t.${ltime.sqlName} DESC, t.${dh.sqlName} DESC) AS dv_row_number
            FROM ${targetTable} t
        ) r
        WHERE r.dv_row_number = 1
    ) l ON l.dv_latest_key = st.dv_set_key
    WHERE l.dv_latest_load_time IS NULL OR st.dv_set_time > l.dv_latest_load_time</#if>
) ch ON ch.dv_set_key = mem.${hk.sqlName} AND ch.dv_set_time = mem.${ltime.sqlName}
WHERE (ch.dv_previous_hash IS NULL<#if !skip> AND (ch.dv_latest_key IS NULL OR ch.dv_latest_hash <> ch.dv_set_hash)</#if>)
   OR ch.dv_previous_hash <> ch.dv_set_hash;
<#if auditHistory()>
<@auditLoadTimes who=auditWho table=targetTable key=hk.sqlName keyLabel=hk.name loadTime=ltime.sqlName loadTimeLabel=ltime.name
    datahash=dh.sqlName atomic=auditTx batchKeys=auditKeys()/>
<@auditCommit/>
</#if>
