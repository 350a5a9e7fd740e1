<#--
  snapshot: SCD Type 2 history with valid_from / valid_to columns (seed 004).

  Inputs
    strategy (STRING, required): timestamp | check.
    unique_key (IDENTIFIER_LIST, required): the entity key columns (must be target columns, never NULL).
    updated_at (IDENTIFIER): timestamp strategy; a source and target column with the business update time.
    check_columns (IDENTIFIER_LIST): check strategy; the compared columns, or * = every target column except
      unique_key, observed_at and the validity columns.
    observed_at (IDENTIFIER): a source column with the observation time; switches to historical input.
    historical_input (STRING): snapshot | changes (rules below).
    invalidate_hard_deletes (BOOLEAN, default false).
    full_refresh (BOOLEAN, default false): rebuild the whole target (and watermark) from the source,
      ignoring its history: a full refresh (template.yaml fullRefresh), allowed only by the
      full-refresh policy; valid_from_column must have the attribute type VALID_FROM.
    deletion_records (BOOLEAN, default false), deleted_column (IDENTIFIER, default is_deleted): a hard
      delete (detected as with invalidate_hard_deletes) is a version of its own: the last known
      values, deleted_column 1 (TRUE), from the delete until the key returns (dbt 1.9 hard_deletes:
      new_record); not with historical_input=changes.
    valid_from_column / valid_to_column (IDENTIFIER, default valid_from / valid_to): target columns of
      a timestamp type; valid_to IS NULL (or the far future, open_end) marks the current version.
    open_end (STRING, null | far_future, default null): the open version's valid_to is NULL, or
      9999-12-31 00:00:00 (lib/load.ftl openEnd).
    initial_valid_from (STRING): updated_at | observed_at | execution_time; default updated_at for
      timestamp, execution_time for current-state check, observed_at for historical check.
    execution_time (SQL, default CURRENT_TIMESTAMP): SQL expression of the run's time.
    source (IDENTIFIER): the source relation; default the load's first source entity.
    phase (STRING, default all): all | delta | apply. delta = duplicate check + delta table;
      apply = change the target from the delta table and drop it; put audit steps between.
    delta_prefix (IDENTIFIER, default Z_DELTA_): the delta table is <target schema>.<prefix><target name>.
    watermark_prefix (IDENTIFIER, default Z_WM_): historical snapshot input only; the one-column
      table <target schema>.<prefix><target name> holding the observed_at values loaded.
    audit_history (BOOLEAN, default false): phase all or apply; the target's history audited before
      the COMMIT (lib/audit_history.ftl), naming up to 5 keys when broken.
    audit_scope (batch | full, default batch): the audit reads every row of the delta table's keys
      (the only keys the apply writes), or the whole target (always with full_refresh).
  Required attribute types: none (columns are named by parameters); an optional VALIDITY_STATUS
    column (1/0, or TRUE/FALSE when BOOLEAN) is 1 on the open version and not read from the source. Source shape: every target
    column except the validity columns, by name, plus observed_at when historical.

  Historical input rules (violations are generation errors naming the parameter)
    strategy   historical_input    identity grain              hard deletes
    check      snapshot (default)  unique_key + observed_at    allowed
    timestamp  snapshot            unique_key + observed_at    allowed
    timestamp  changes             unique_key + updated_at     not allowed
    check      changes             not supported
    timestamp with observed_at needs historical_input explicitly.

  Semantics
    - Duplicates at the identity grain stop the load before any write; the error names the key
      columns and one example key.
    - The events of a key (its current version, then the new observations in order) are collapsed:
      check: a new version when a check column differs null-safely (NULL -> value and value -> NULL
      are changes, NULL -> NULL is not, '' is not NULL); timestamp: a new version when updated_at is
      newer than every earlier one of the key.
    - A version ends where the next starts. Version start: execution time (current-state check),
      observed_at (historical check) or updated_at (timestamp).
    - Hard deletes: current-state input closes a current key missing from the source at the
      execution time; historical snapshot input closes it at the observed_at of the first
      observation where it is missing.
    - A key that reappears after being closed gets a new version; with the timestamp strategy, if
      its updated_at is not after the close, the version starts when it was observed again.
    - Historical snapshot input: every observed_at loaded is kept in the watermark table
      <target schema>.<watermark_prefix><target name> (created when missing); observations (and
      missing-key checks) not after its latest are not merged with the open version, so rerunning a
      batch changes nothing. Historical changes input: the same with the key's latest known time.
    - Late data: a key with such an observation (change record) that none of its versions reflects
      is rebuilt from its versions (as observations at their start and at each loaded time they
      span; a close that no version continues as a delete), all its source rows and (check
      strategy, hard deletes) the batch's times that miss it, the source winning at its own times;
      its target rows are deleted and the delta's inserted (is_rebuilt_key = 1).
    - Current-state input with the check strategy (without deletion records) computes the same delta
      as one join of the source with the open versions (issue: table 9 of docs/benchmarks.md): every
      new version starts at the execution time; the timestamp strategy and deletion records take the
      general pipeline.
    - A new version that would start where the version it closes starts (a rerun at the same or an
      earlier execution time with changed data) stops the load before any write, naming one key.
    - Applied in a transaction with the watermark: where the dialect has update_from, one UPDATE of
      the closed versions and one INSERT of the new ones; elsewhere one MERGE (update valid_to of
      closed versions, insert new versions). Without the multi_statement_transactions capability
      the watermark is written right after, outside a transaction.
-->
<#include "/lib/load.ftl">
<#include "/lib/audit_history.ftl">
<#assign target = model.load.target>
<#-- Columns and the target are written in their SQL form (quoted when case-sensitive); the delta and
     watermark tables and the LAG aliases (_p_<name>, _pk_<name>) are derived from the plain names,
     unquoted where made and read; messages and comments name the plain names. -->
<#assign T = target.schema + "." + target.sqlName>
<#assign D = target.schema + "." + delta_prefix + target.name>
<#assign W = target.schema + "." + watermark_prefix + target.name>
<#assign S = sourceRelation()>
<#-- Parameters and their combinations. -->
<#if !["timestamp", "check"]?seq_contains(strategy)>
    <#stop "parameter 'strategy': '" + strategy + "' is not a snapshot strategy; use timestamp or check">
</#if>
<#if !["all", "delta", "apply"]?seq_contains(phase)>
    <#stop "parameter 'phase': use all, delta or apply, not '" + phase + "'">
</#if>
<#assign hist = (observed_at!"")?has_content>
<#if (historical_input!"")?has_content && !hist>
    <#stop "parameter 'historical_input' needs 'observed_at' (historical input is a source with an observation time column)">
</#if>
<#if hist && !(historical_input!"")?has_content>
    <#if strategy == "timestamp">
        <#stop "parameter 'historical_input': a timestamp snapshot with observed_at must say historical_input=snapshot (complete observations) or historical_input=changes (individual change records)">
    </#if>
    <#assign mode = "snapshot">
<#elseif hist>
    <#assign mode = historical_input>
<#else>
    <#assign mode = "current">
</#if>
<#if !["current", "snapshot", "changes"]?seq_contains(mode)>
    <#stop "parameter 'historical_input': use snapshot or changes, not '" + mode + "'">
</#if>
<#if strategy == "check" && mode == "changes">
    <#stop "parameter 'historical_input': historical_input=changes is not supported with strategy=check; use strategy=timestamp with updated_at, or historical_input=snapshot">
</#if>
<#if deletion_records && mode == "changes">
    <#stop "parameter 'deletion_records': not allowed with historical_input=changes, whose batches are not complete source snapshots (a missing key means no change, not a delete)">
</#if>
<#-- Deletion records (dbt 1.9 hard_deletes: new_record) detect hard deletes too. -->
<#assign hardDeletes = invalidate_hard_deletes || deletion_records>
<#if invalidate_hard_deletes && mode == "changes">
    <#stop "parameter 'invalidate_hard_deletes': not allowed with historical_input=changes, whose batches are not complete source snapshots (a missing key means no change, not a delete)">
</#if>
<#if strategy == "timestamp" && !(updated_at!"")?has_content>
    <#stop "parameter 'updated_at': the timestamp strategy needs the update time column">
</#if>
<#if strategy == "check" && (check_columns![])?size == 0>
    <#stop "parameter 'check_columns': the check strategy needs the compared columns (or *)">
</#if>
<#assign vfAttr = attrNamed(target.attributes, valid_from_column, "valid_from_column")>
<#assign vtAttr = attrNamed(target.attributes, valid_to_column, "valid_to_column")>
<#assign VF = vfAttr.sqlName>
<#assign VT = vtAttr.sqlName>
<#assign tsType = vfAttr.physicalDatatype>
<#assign OE = open_end>
<#-- An optional current flag (attribute type VALIDITY_STATUS): 1/0, or TRUE/FALSE when BOOLEAN. -->
<#assign statusAttrs = loads.getAttributesForType(target.attributes, "VALIDITY_STATUS")>
<#assign statusCols = sqlNames(statusAttrs)>
<#if statusAttrs?size == 1>
    <#assign bool = statusAttrs[0].datatype == "BOOLEAN">
    <#assign ON = bool?then(fn.bool_true(), "1")>
    <#assign OFF = bool?then(fn.bool_false(), "0")>
</#if>
<#-- Deletion records: the flag column (1/0, or TRUE/FALSE when BOOLEAN) written by the template. -->
<#assign delCols = []><#assign delNames = []>
<#if deletion_records>
    <#assign delAttr = attrNamed(target.attributes, deleted_column, "deleted_column")>
    <#if delAttr.name == vfAttr.name || delAttr.name == vtAttr.name || names(statusAttrs)?seq_contains(delAttr.name)>
        <#stop "parameter 'deleted_column': " + delAttr.name + " is a validity column; name the deleted-flag column">
    </#if>
    <#assign delCols = [delAttr.sqlName]><#assign delNames = [delAttr.name]>
    <#assign DEL_ON = (delAttr.datatype == "BOOLEAN")?then(fn.bool_true(), "1")>
    <#assign DEL_OFF = (delAttr.datatype == "BOOLEAN")?then(fn.bool_false(), "0")>
</#if>
<#-- 1 when the version of target alias t is a deletion record -->
<#function delOf t>
    <#if !deletion_records><#return "0"></#if>
    <#return "CASE WHEN " + t + "." + delCols[0] + " = " + DEL_ON + " THEN 1 ELSE 0 END">
</#function>
<#function live t>
    <#if !deletion_records><#return ""></#if>
    <#return " AND NOT (" + t + "." + delCols[0] + " = " + DEL_ON + ")">
</#function>
<#assign colAttrs = target.attributes?filter(a -> a.name != vfAttr.name && a.name != vtAttr.name && !names(statusAttrs)?seq_contains(a.name) && !delNames?seq_contains(a.name))>
<#assign cols = sqlNames(colAttrs)>
<#assign keyAttrs = []><#list unique_key as k><#assign keyAttrs = keyAttrs + [attrNamed(colAttrs, k, "unique_key")]></#list>
<#assign K = sqlNames(keyAttrs)>
<#assign Kn = names(keyAttrs)>
<#if strategy == "timestamp"><#assign updAttr = attrNamed(colAttrs, updated_at, "updated_at")><#assign UPD = updAttr.sqlName></#if>
<#if strategy == "check">
    <#if check_columns?size == 1 && check_columns[0] == "*">
        <#assign checkAttrs = colAttrs?filter(a -> !hasName(Kn, a.name) && !(hist && a.name?lower_case == observed_at?lower_case))>
    <#else>
        <#assign checkAttrs = []><#list check_columns as c><#assign checkAttrs = checkAttrs + [attrNamed(colAttrs, c, "check_columns")]></#list>
    </#if>
    <#assign checkCols = sqlNames(checkAttrs)>
</#if>
<#-- observed_at need not be a target column: a column of the target or of the load's source entity
     resolves to its SQL form, another is written as given. -->
<#if hist>
    <#assign known = colAttrs + (!(source?? && source?has_content) && model.load.sources?size gt 0)?then(model.load.sources[0].attributes, [])>
    <#assign OBS_COL = sqlNameOf(known, observed_at)>
</#if>
<#assign ET = "CAST(" + execution_time + " AS " + tsType + ")">
<#if hist><#assign OBS = "CAST(s." + OBS_COL + " AS " + tsType + ")"></#if>
<#if strategy == "timestamp"><#assign UPDX = "CAST(s." + UPD + " AS " + tsType + ")"></#if>
<#-- Per new event: ordering time, version time, time it was seen, first-version time. -->
<#if mode == "current"><#assign ORD = ET><#assign SEEN = ET>
<#elseif mode == "snapshot"><#assign ORD = OBS><#assign SEEN = OBS>
<#else><#assign ORD = UPDX><#assign SEEN = UPDX>
</#if>
<#assign VTIME = (strategy == "timestamp")?then(UPDX!"", SEEN)>
<#assign initName = (initial_valid_from!"")?has_content?then(initial_valid_from,
    (strategy == "timestamp")?then("updated_at", hist?then("observed_at", "execution_time")))>
<#if initName == "updated_at">
    <#if strategy != "timestamp"><#stop "parameter 'initial_valid_from': updated_at needs strategy=timestamp"></#if>
    <#assign INIT = UPDX>
<#elseif initName == "observed_at">
    <#if !hist><#stop "parameter 'initial_valid_from': observed_at needs the observed_at parameter"></#if>
    <#assign INIT = OBS>
<#elseif initName == "execution_time">
    <#assign INIT = ET>
<#else>
    <#stop "parameter 'initial_valid_from': use updated_at, observed_at or execution_time, not '" + initName + "'">
</#if>
<#assign grain = K + (mode == "snapshot")?then([OBS_COL!""], []) + (mode == "changes")?then([(updAttr?? && updAttr.caseSensitive)?then(UPD!"", updated_at!"")], [])>
<#assign grainNames = Kn + (mode == "snapshot")?then([observed_at!""], []) + (mode == "changes")?then([updated_at!""], [])>
<#assign w = "PARTITION BY " + qual(K, "") + " ORDER BY _new, _ord">
<#function nullRow alias>
    <#local out = []>
    <#list colAttrs as a>
        <#local out = out + [hasName(Kn, a.name)?then(alias + "." + a.sqlName, "CAST(NULL AS " + a.physicalDatatype + ")")]>
    </#list>
    <#return out?join(", ")>
</#function>
<#-- Full refresh: the target (and watermark) are rebuilt from the source alone; the delta reads
     them as empty and the apply deletes them in its transaction. -->
<#if full_refresh>
    <#if (vfAttr.attributeType!"") != "VALID_FROM">
        <#stop "parameter 'full_refresh': the target's " + vfAttr.name + " must have the attribute type VALID_FROM, so that the target is a history table and the full-refresh policy applies">
    </#if>
    <#assign TR = "(SELECT * FROM " + T + " WHERE 1 = 0)">
    <#assign WR = "(SELECT * FROM " + W + " WHERE 1 = 0)">
<#else>
    <#assign TR = T>
    <#assign WR = W>
</#if>
<#-- Late data (historical input): a key with an observation at or before what the target already
     knows that the target does not reflect is rebuilt from its versions and all its observations. -->
<#assign late = mode != "current">
<#-- Rows of keys that are not late (tgt_keys, and the main pass's output in the delta): an outer join
     with late_keys and a condition on it. A plain hash join with the (normally empty) late keys, where NOT EXISTS on the CTE made DuckDB
     decorrelate with a delim join over every open version and observation (about a third of the delta
     at 1,000,000 rows). late_keys has one row per key, and its key columns are never NULL. -->
<#function lateJoin alias>
    <#if !late><#return ""></#if>
    <#return "\n    LEFT JOIN late_keys nl ON " + eqAll(K, "nl", alias)>
</#function>
<#-- Whether the time x is not after a time already loaded (the watermark table's latest): compared
     with one scalar that engines compute once, where EXISTS over the watermark table per row was a
     nested loop on PostgreSQL and a delim join on DuckDB. (The NOT EXISTS of new observations stays:
     PostgreSQL estimates it well, and the negated scalar made it hash a million source rows.) -->
<#function loaded x>
    <#return x + " <= (SELECT MAX(w.observed_until) FROM " + WR + " w)">
</#function>
<#-- A version of target alias t that covers the time expression x. -->
<#function covers t x>
    <#local end = endOrNull(t + "." + VT, OE, tsType)>
    <#return t + "." + VF + " <= " + x + " AND (" + end + " IS NULL OR " + x + " < " + end + ")">
</#function>
<#-- Historical snapshot input, check strategy, first versions at observed_at (the default), no
     deletion records: an event's version time, the time it was seen and its first-version time are
     one expression, so every version starts at its _ord (the four times are one column) and the
     tgt_keys aggregate, its join and the numbering pass are left out. -->
<#assign simpleStarts = mode == "snapshot" && strategy == "check" && initName == "observed_at" && !deletion_records>
<#-- An event's times: ordering, version, seen and first-version time; in the simpleStarts case the
     four are one value, carried once (three columns less through every window pass and its sort). -->
<#function times ord vf seen init>
    <#if simpleStarts><#return ord></#if>
    <#return ord + ", " + vf + ", " + seen + ", " + init>
</#function>
<#-- Current-state input with the check strategy (no deletion records): the delta in one join. -->
<#assign fast = mode == "current" && strategy == "check" && !deletion_records>
<#if phase != "apply">
<#if mode == "snapshot">
-- Every observation time already loaded (historical snapshot input)
${createTableIfMissing(W, "observed_until " + tsType)};
</#if>
-- Duplicate rows at the identity grain (${grainNames?join(", ")}) stop the load before any write.
${failIfAny("    SELECT " + qual(grain, "s") + " FROM " + S + " s GROUP BY " + qual(grain, "s") + " HAVING COUNT(*) > 1",
    lit("snapshot load " + model.load.name + ": the source " + S + " has duplicate rows at the identity grain ("
        + grainNames?join(", ") + "); example: ") + cat + keyTextSql(grainNames, grain, "bad")
        + cat + lit(". Deduplicate the source query, e.g. keep ROW_NUMBER() OVER (PARTITION BY " + grainNames?join(", ") + " ORDER BY <newest first>) = 1."))};
${dropTableIfExists(D)};
<#-- The delta table: its WITH clause and its query apart, for engines that make it by SELECT … INTO (lib/load.ftl createTableAs). -->
<#if fast>
<#-- Current-state input, check strategy: one observation per key, at the execution time, so every
     new version starts there and the delta is one join of the source with the open versions (no
     window over the history); the same rows as the general pipeline below. -->
<#assign deltaCtes>
WITH joined AS (
    -- Source rows of new keys, and of keys whose open version differs in a check column
    SELECT ${qual(cols, "s")}<#list colAttrs as a>, c.${a.sqlName} AS _o_${a.name}</#list>, c.${VF} AS _o_vf, CASE WHEN c.${K[0]} IS NULL THEN 0 ELSE 1 END AS _open
    FROM ${S} s
    LEFT JOIN ${TR} c ON ${eqAll(K, "c", "s")} AND ${isOpen("c." + VT, OE, tsType)}
    WHERE c.${K[0]} IS NULL OR ${anyDiffers(checkCols, "c", "s")}
)
</#assign>
<#assign deltaBody>
-- The delta: open versions that get closed, and versions to insert
SELECT <#list colAttrs as a>j._o_${a.name} AS ${a.sqlName}, </#list>j._o_vf AS ${VF}, ${ET} AS ${VT}<#if statusAttrs?size == 1>, ${OFF} AS ${statusCols[0]}</#if>, 0 AS is_new_version
FROM joined j
WHERE j._open = 1
<#if hardDeletes>
UNION ALL
-- Hard deletes: current keys missing from the source end at the execution time
SELECT ${qual(cols, "c")}, c.${VF}, ${ET}<#if statusAttrs?size == 1>, ${OFF}</#if>, 0
FROM ${TR} c
WHERE ${isOpen("c." + VT, OE, tsType)}
    AND NOT EXISTS (SELECT 1 FROM ${S} s WHERE ${eqAll(K, "s", "c")})
</#if>
UNION ALL
SELECT ${qual(cols, "j")}, ${ET}, ${openEnd(OE, tsType)}<#if statusAttrs?size == 1>, ${ON}</#if>, 1
FROM joined j
</#assign>
<#else>
<#assign deltaCtes>
WITH <#if late>late_keys AS (
<#if mode == "snapshot">
    SELECT DISTINCT ${qual(K, "u")} FROM (
    -- Keys with an observation not after the watermark that no version of theirs reflects
    SELECT ${qual(K, "s")}
    FROM ${S} s
    WHERE ${loaded(ORD)}
        AND NOT EXISTS (SELECT 1 FROM ${TR} t WHERE ${eqAll(K, "t", "s")} AND ${covers("t", ORD)}${live("t")}
            AND NOT <#if strategy == "check">${anyDiffers(checkCols, "t", "s")}<#else>(${UPDX} > t.${UPD})</#if>)
<#if hardDeletes && strategy == "check">
    UNION ALL
    -- Keys that a version says were there at an observation not after the watermark that misses them
    SELECT ${qual(K, "t")}
    FROM ${TR} t
    CROSS JOIN (SELECT DISTINCT ${OBS} AS _obs FROM ${S} s) o
    WHERE ${loaded("o._obs")} AND ${covers("t", "o._obs")}${live("t")}
        AND NOT EXISTS (SELECT 1 FROM ${S} s WHERE ${eqAll(K, "s", "t")} AND ${OBS} = o._obs)
</#if>
    ) u
<#else>
    -- Keys with a change record not after the latest time the target knows that starts no version
    SELECT DISTINCT ${qual(K, "s")}
    FROM ${S} s
    WHERE EXISTS (SELECT 1 FROM ${TR} t WHERE ${eqAll(K, "t", "s")} AND ${fn.nvl(endOrNull("t." + VT, OE, tsType), "t." + VF)} >= ${ORD})
        AND NOT EXISTS (SELECT 1 FROM ${TR} t WHERE ${eqAll(K, "t", "s")} AND t.${VF} = ${ORD})
</#if>
),
</#if><#if !simpleStarts>tgt_keys AS (
    -- What the target knows per key: the latest time it has seen, whether a version is open
    SELECT ${qual(K, "t")}, MAX(${fn.nvl(endOrNull("t." + VT, OE, tsType), "t." + VF)}) AS _last
    FROM ${TR} t${lateJoin("t")}<#if late>
    WHERE nl.${K[0]} IS NULL</#if>
    GROUP BY ${qual(K, "t")}
),
</#if>events AS (
    -- The open version of each key: the state that new observations are compared with
    SELECT ${qual(cols, "c")}, 0 AS _new<#if hardDeletes>, ${delOf("c")} AS _del</#if>, ${times("c." + VF + " AS _ord", "c." + VF + " AS _vf", "c." + VF + " AS _seen", "c." + VF + " AS _init")}
    FROM ${TR} c
    WHERE ${isOpen("c." + VT, OE, tsType)}
    UNION ALL
    -- New observations<#if mode == "changes"> (only those after what the target already knows about the key)<#elseif mode == "snapshot"> (only those after the watermark)</#if>
    SELECT ${qual(cols, "s")}, 1<#if hardDeletes>, 0</#if>, ${times(ORD, VTIME, SEEN, INIT)}
    FROM ${S} s
<#if mode == "changes">
    LEFT JOIN tgt_keys k ON ${eqAll(K, "k", "s")}
    WHERE k.${K[0]} IS NULL OR ${ORD} > k._last
<#elseif mode == "snapshot">
    WHERE NOT EXISTS (SELECT 1 FROM ${WR} w WHERE w.observed_until >= ${ORD})
</#if>
<#if hardDeletes && mode == "current">
    UNION ALL
    -- Hard deletes: current keys missing from the source end at the execution time
    SELECT ${nullRow("c")}, 1, 1, ${times(ET, ET, ET, ET)}
    FROM ${TR} c
    WHERE ${isOpen("c." + VT, OE, tsType)}
        AND NOT EXISTS (SELECT 1 FROM ${S} s WHERE ${eqAll(K, "s", "c")})
<#elseif hardDeletes && mode == "snapshot">
    UNION ALL
    -- Hard deletes: a key known before but missing from an observation ends at that observation
    SELECT ${nullRow("a")}, 1, 1, ${times("o._obs", "o._obs", "o._obs", "o._obs")}
    FROM (
        SELECT DISTINCT ${qual(K, "u")}
        FROM (
            SELECT ${qual(K, "s")} FROM ${S} s
            UNION ALL
            SELECT ${qual(K, "c")} FROM ${TR} c WHERE ${isOpen("c." + VT, OE, tsType)}
        ) u
    ) a
    CROSS JOIN (SELECT DISTINCT ${OBS} AS _obs FROM ${S} s) o
    WHERE NOT EXISTS (SELECT 1 FROM ${WR} w WHERE w.observed_until >= o._obs)
        AND NOT EXISTS (SELECT 1 FROM ${S} s WHERE ${eqAll(K, "s", "a")} AND ${OBS} = o._obs)
</#if>
),
<#-- The windows over a set of events, as CTEs named with prefix p: compare each event with the one
     before it, keep the changes, give each version its start and end. del: whether the events hold
     deletes (a _del column); without them the pass carries two columns less through its sorts, which
     on PostgreSQL at 1,000,000 keys was a tenth of the delta (docs/benchmarks.md, table 9). more: whether
     another CTE follows. -->
<#macro pipeline ev p del more>
${p}flagged AS (
    SELECT
        e.*
        , LAG(<#if del>e._del<#else>e._new</#if>) OVER (${w}) AS <#if del>_p_del<#else>_p_new</#if>
<#if strategy == "check">
<#list checkAttrs as a>
        , LAG(e.${a.sqlName}) OVER (${w}) AS _p_${a.name}
</#list>
<#else>
        , MAX(e.${UPD}) OVER (${w} ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS _p_upd
</#if>
    FROM ${ev} e
),
${p}kept AS (
    -- Collapse: keep the open version, each change<#if del>, the first delete after a live version and
    -- each reappearance; a delete before anything live or after a delete is dropped</#if>
    SELECT f.*
    FROM ${p}flagged f
    WHERE f._new = 0
<#if del>
        OR (f._del = 1 AND f._p_del = 0)
        OR (f._del = 0 AND (f._p_del IS NULL OR f._p_del = 1
<#else>
        OR (f._p_new IS NULL
</#if>
<#local close = del?then("))", ")")>
<#if strategy == "check">
            OR ${anyDiffersPrevious(checkAttrs, "f", "f", "_p_")}${close}
<#else>
            OR f._p_upd IS NULL OR f.${UPD} > f._p_upd${close}
</#if>
),
<#if simpleStarts>
${p}ranged AS (
    SELECT kp.*, kp._ord AS _from, LEAD(kp._ord) OVER (${w}) AS _to
    FROM ${p}kept kp
)<#if more>,</#if>
<#else>
${p}numbered AS (
    SELECT
        kp.*
<#if del>
        , LAG(kp._del) OVER (${w}) AS _pk_del
        , LAG(kp._vf) OVER (${w}) AS _pk_vf
</#if>
<#if deletion_records>
<#list colAttrs?filter(a -> !hasName(Kn, a.name)) as a>
        , LAG(kp.${a.sqlName}) OVER (${w}) AS _pk_${a.name}
</#list>
</#if>
        , ROW_NUMBER() OVER (${w}) AS _n
    FROM ${p}kept kp
),
${p}starts AS (
    SELECT
        n.*
        , CASE
            WHEN n._new = 0 THEN n._vf
            -- the first version of a new key
            WHEN k.${K[0]} IS NULL AND n._n = 1 THEN n._init
<#if del>
            -- a reappearance whose version time is not after the close: starts when seen again
            WHEN n._del = 0 AND n._pk_del = 1 AND n._vf <= n._pk_vf THEN n._seen
            WHEN n._del = 0 AND n._n = 1 AND n._vf <= k._last THEN n._seen
<#else>
            WHEN n._n = 1 AND n._vf <= k._last THEN n._seen
</#if>
            ELSE n._vf
        END AS _from
    FROM ${p}numbered n
    LEFT JOIN tgt_keys k ON ${eqAll(K, "k", "n")}
),
${p}ranged AS (
    SELECT st.*, LEAD(st._from) OVER (${w}) AS _to
    FROM ${p}starts st
)<#if more>,</#if>
</#if>
</#macro>
<@pipeline "events" "" hardDeletes late/>
<#if late>
<#-- The source is authoritative at its own times: where it observed the key (or, complete with hard
     deletes, observed anything), the target's version starts and ends there give way to it. -->
<#function unobserved x alias>
    <#if hardDeletes><#return "NOT EXISTS (SELECT 1 FROM " + S + " s WHERE " + ORD + " = " + x + ")"></#if>
    <#return "NOT EXISTS (SELECT 1 FROM " + S + " s WHERE " + eqAll(K, "s", alias) + " AND " + ORD + " = " + x + ")">
</#function>
late_events AS (
    -- Late keys, rebuilt apart from the pass over every key (they are rare): each version as an
    -- observation where it starts
    SELECT ${qual(cols, "c")}, 1 AS _new, ${delOf("c")} AS _del, ${times("c." + VF + " AS _ord", "c." + VF + " AS _vf", "c." + VF + " AS _seen", "c." + VF + " AS _init")}
    FROM ${TR} c
    JOIN late_keys l ON ${eqAll(K, "l", "c")}
    WHERE ${unobserved("c." + VF, "c")}
<#if mode == "snapshot">
    UNION ALL
    -- ... and as an observation at each later time loaded before that it spans (the watermark table)
    SELECT ${qual(cols, "c")}, 1, ${delOf("c")}, ${times("w.observed_until", "w.observed_until", "w.observed_until", "w.observed_until")}
    FROM ${TR} c
    JOIN late_keys l ON ${eqAll(K, "l", "c")}
    JOIN ${WR} w ON ${covers("c", "w.observed_until")} AND c.${VF} < w.observed_until
    WHERE ${unobserved("w.observed_until", "c")}
</#if>
    UNION ALL
    -- ... each end that no version of the key continues as a delete
    SELECT ${nullRow("c")}, 1, 1, ${times("c." + VT, "c." + VT, "c." + VT, "c." + VT)}
    FROM ${TR} c
    JOIN late_keys l ON ${eqAll(K, "l", "c")}
    WHERE NOT (${isOpen("c." + VT, OE, tsType)})
        AND NOT EXISTS (SELECT 1 FROM ${TR} n WHERE ${eqAll(K, "n", "c")} AND n.${VF} = c.${VT})
        AND ${unobserved("c." + VT, "c")}
    UNION ALL
    -- ... and all their observations in the source
    SELECT ${qual(cols, "s")}, 1, 0, ${times(ORD, VTIME, SEEN, INIT)}
    FROM ${S} s
    JOIN late_keys l ON ${eqAll(K, "l", "s")}
<#if hardDeletes>
    UNION ALL
    -- ... and every observation that misses them
    SELECT ${nullRow("l")}, 1, 1, ${times("o._obs", "o._obs", "o._obs", "o._obs")}
    FROM late_keys l
    CROSS JOIN (SELECT DISTINCT ${OBS} AS _obs FROM ${S} s) o
    WHERE NOT EXISTS (SELECT 1 FROM ${S} s WHERE ${eqAll(K, "s", "l")} AND ${OBS} = o._obs)
</#if>
),
<@pipeline "late_events" "late_" true false/>
</#if>
<#function deltaCols>
    <#if !deletion_records><#return qual(cols, "r")></#if>
    <#local out = []>
    <#list colAttrs as a>
        <#local c = a.sqlName>
        <#local out = out + [hasName(Kn, a.name)?then("r." + c, "CASE WHEN r._del = 1 AND r._new = 1 THEN r._pk_" + a.name + " ELSE r." + c + " END AS " + c)]>
    </#list>
    <#return out?join(", ")>
</#function>
<#-- The delta's rows from one pipeline; the main pass's rows of late keys leave here, after its
     windows, since the rebuild gives those keys' versions (a plain outer join with the normally
     empty late keys, over the pass's output rather than its million input rows). -->
<#macro deltaOf ranged rebuilt del last>
SELECT ${deltaCols()}, r._from AS ${VF}, ${endUnder("r._to", OE, tsType)} AS ${VT}<#if statusAttrs?size == 1>, CASE WHEN r._to IS NULL THEN ${ON} ELSE ${OFF} END AS ${statusCols[0]}</#if><#if deletion_records>, CASE WHEN r._del = 1 THEN ${DEL_ON} ELSE ${DEL_OFF} END AS ${delCols[0]}</#if>, r._new AS is_new_version<#if late>, ${rebuilt} AS is_rebuilt_key</#if>
FROM ${ranged} r<#if rebuilt == "0" && late>
LEFT JOIN late_keys nl ON ${eqAll(K, "nl", "r")}</#if>
WHERE <#if del && !deletion_records>r._del = 0 AND </#if>(r._new = 1 OR r._to IS NOT NULL)<#if rebuilt == "0" && late> AND nl.${K[0]} IS NULL</#if><#if last>;</#if>
</#macro>
</#assign>
<#assign deltaBody>
-- The delta: versions to insert, and open versions that get closed
<#assign onlyMain = !late>
<@deltaOf "ranged" "0" hardDeletes onlyMain/>
<#if late>
UNION ALL
-- ... and the late keys' versions, rebuilt
<@deltaOf "late_ranged" "1" true true/>
</#if>
</#assign>
</#if>
${createTableAs(D, deltaBody?trim?remove_ending(";"), deltaCtes)};
</#if>
<#if phase != "delta">
<#assign tx = dialect.capabilities.multi_statement_transactions!true>
<#-- A new version that starts where the version it closes starts (a rerun at the same execution time,
     or an earlier one, with changed data) would be a second row at the grain: MERGE engines fail on it
     with their own words or keep one row, UPDATE + INSERT would write both. Every engine stops here
     instead, before any write; the close row of such a key ends where it starts, so the join only
     sees those. -->
-- A new version may not start where the version it closes starts: stopped before any write.
${failIfAny("    SELECT " + qual(K, "o") + " FROM " + D + " o\n    JOIN " + D + " n ON " + eqAll(K, "n", "o") + " AND n." + VF + " = o." + VF
        + "\n    WHERE o.is_new_version = 0 AND o." + VF + " >= o." + VT + " AND n.is_new_version = 1",
    lit("snapshot load " + model.load.name + ": a new version would start where the current version it closes starts ("
        + vfAttr.name + "), because the run is not after the start of that version; example: ") + cat + keyTextSql(Kn, K, "bad")
        + cat + lit(". Run with a later execution_time, or with later times in the source."))};
<#if tx>
${fn.begin_transaction()};
</#if>
<#if full_refresh>
-- Full refresh: the whole history is replaced by the delta's
DELETE FROM ${T} WHERE 1 = 1;
<#if mode == "snapshot">
DELETE FROM ${W} WHERE 1 = 1;
</#if>
</#if>
<#if late>
-- Keys rebuilt for late data: their versions are replaced by the delta's
<#if dialect.capabilities.delete_with_subquery!true>
${deleteWhere(T, "trg", "EXISTS (SELECT 1 FROM " + D + " d WHERE d.is_rebuilt_key = 1 AND " + eqAll(K, "d", "trg") + ")")};
<#else>
MERGE INTO ${T} trg USING (SELECT DISTINCT ${K?join(", ")} FROM ${D} WHERE is_rebuilt_key = 1) d
ON (${eqAll(K, "d", "trg")})
WHEN MATCHED THEN DELETE;
</#if>
</#if>
<#assign setCols = [VT] + statusCols>
<#if !(dialect.capabilities.update_from!false)><@requires "merge" "the snapshot template's apply phase (without update_from)"/></#if>
<#if dialect.capabilities.update_from!false>
<#-- The delta's close rows are open versions of the target (is_new_version = 0) and its new versions
     never meet a row of the target (checked above; rebuilt keys' rows are deleted first), so an
     UPDATE of the close rows and an INSERT of the rest write what the MERGE writes, without its
     join of every delta row with the target (table 9 of docs/benchmarks.md). -->
UPDATE ${T} AS trg SET <#list setCols as c>${c} = src.${c}<#sep>, </#list>
FROM ${D} src
WHERE src.is_new_version = 0 AND ${eqAll(K, "trg", "src")} AND trg.${VF} = src.${VF};
INSERT INTO ${T} (${(cols + [VF] + setCols + delCols)?join(", ")})
SELECT ${qual(cols + [VF] + setCols + delCols, "src")} FROM ${D} src WHERE src.is_new_version = 1;
<#else>
MERGE INTO ${T} trg USING ${D} src
ON (${eqAll(K, "trg", "src")} AND trg.${VF} = src.${VF})
WHEN MATCHED THEN UPDATE SET <#list setCols as c>${dialect.capabilities.merge_update_qualified?then("trg.", "")}${c} = src.${c}<#sep>, </#list>
WHEN NOT MATCHED THEN INSERT (${(cols + [VF] + setCols + delCols)?join(", ")})
VALUES (${qual(cols + [VF] + setCols + delCols, "src")});
</#if>
<#if mode == "snapshot">
INSERT INTO ${W} (observed_until)
SELECT DISTINCT ${OBS} FROM ${S} s
WHERE NOT EXISTS (SELECT 1 FROM ${W} w WHERE w.observed_until = ${OBS});
</#if>
<#if audit_history>
<#-- The target's history checked after the write, before the COMMIT where there is one. -->
<@auditValidity who="snapshot load " + model.load.name table=T keys=K labels=Kn shown=K vf=VF vfName=vfAttr.name
    vt=VT convention=OE type=vtAttr.physicalDatatype status=(statusAttrs?size == 1)?then(statusCols[0], "") on=ON!"1" atomic=tx
    batchKeys=(audit_scope == "batch" && !full_refresh)?then("SELECT DISTINCT " + qual(K, "d") + " FROM " + D + " d", "")/>
</#if>
<#if tx>
COMMIT;
</#if>
DROP TABLE ${D};
</#if>
