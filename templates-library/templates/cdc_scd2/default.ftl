<#--
  cdc_scd2: a CDC event table becomes SCD Type 2 history (seed 001).

  Inputs
    key_columns (IDENTIFIER_LIST, required), operation_column (default cdc_operation), sequence_column
    (default cdc_seq), event_time_column (default event_time), delete_value (default D),
    source (default the load's first source entity), work_prefix (default Z_CDC_),
    open_end (null | far_future, default null: the open version's VALID_TO, lib/load.ftl openEnd).
    audit_history (BOOLEAN, default false): the target's history audited before the COMMIT
      (lib/audit_history.ftl), naming up to 5 keys when broken.
    audit_scope (batch | full, default batch): the audit reads every row of the rebuilt keys (the
      KEYS work table: the only keys written), or the whole target.
  Required attribute types of the target: VALID_FROM, VALID_TO (timestamps; VALID_TO IS NULL on
    the open version, or 9999-12-31 00:00:00 with open_end=far_future); optional VALIDITY_STATUS (1/0, or TRUE/FALSE if BOOLEAN: the open version).
    The target must have the key columns and the sequence column; every other target column
    (the payload) is taken from the source by name.
  Parameter kinds: names are IDENTIFIER(_LIST); delete_value is TEXT, so it arrives as a literal.
  Source shape: the full event log (every event of a key, not only the latest batch): key columns,
    operation, sequence, event time, payload columns.

  Semantics
    - Validity of an event runs from its event time to the event time of the next event of the key
      by sequence; the last event stays open.
    - A delete ends the history at its time and writes no row of its own; a key that comes back
      after a delete starts a new version.
    - Identical repeated events (same values in every column used) collapse into one.
    - Two different events with the same key and sequence stop the load before any write, with the
      key and sequence in the message.
    - Incremental: a key is rebuilt when the source has an event that the target does not reflect:
      a non-delete event whose (key, sequence) is not in the target, or a delete whose time does not
      end a version of the key. Events that arrive late (out of order by sequence) are placed by
      sequence when their key is rebuilt. Other keys are not touched.
    - Rebuilt keys are replaced by DELETE + INSERT in one transaction; where the dialect lacks
      multi_statement_transactions but has insert_overwrite, by one INSERT OVERWRITE of the target
      (untouched keys' rows copied as they are).
    - Every event is a version: an update that changes nothing still starts a new version.
    - Event times are expected to grow with the sequence; if not, a version may end before it starts.
-->
<#include "/lib/load.ftl">
<#include "/lib/audit_history.ftl">
<#assign target = model.load.target>
<#-- Columns and the target are written in their SQL form (quoted when case-sensitive); work tables
     and the LAG aliases (_p_<name>) are derived from the plain names, unquoted where made and read;
     messages and comments name the plain names. -->
<#assign T = target.schema + "." + target.sqlName>
<#assign S = sourceRelation()>
<#assign KEYS = target.schema + "." + work_prefix + "KEYS_" + target.name>
<#assign HIST = target.schema + "." + work_prefix + "HIST_" + target.name>
<#assign DUPS = target.schema + "." + work_prefix + "DUPS_" + target.name>
<#assign vfAttr = loads.getAttributeForType(target.attributes, "VALID_FROM")>
<#assign vtAttr = loads.getAttributeForType(target.attributes, "VALID_TO")>
<#assign statusAttrs = loads.getAttributesForType(target.attributes, "VALIDITY_STATUS")>
<#assign VF = vfAttr.sqlName>
<#assign VT = vtAttr.sqlName>
<#assign technical = [vfAttr.name, vtAttr.name] + names(statusAttrs)>
<#assign colAttrs = target.attributes?filter(a -> !technical?seq_contains(a.name))>
<#assign colNames = names(colAttrs)>
<#assign cols = sqlNames(colAttrs)>
<#assign keyAttrs = []><#list key_columns as k><#assign keyAttrs = keyAttrs + [attrNamed(colAttrs, k, "key_columns")]></#list>
<#assign K = sqlNames(keyAttrs)>
<#assign seqAttr = attrNamed(colAttrs, sequence_column, "sequence_column")>
<#assign SEQ = seqAttr.sqlName>
<#-- The operation and event-time columns need not be target columns: a column of the target or of
     the load's source entity resolves to its SQL form, another is written as given. -->
<#assign known = colAttrs + (!(source?? && source?has_content) && model.load.sources?size gt 0)?then(model.load.sources[0].attributes, [])>
<#assign OP = sqlNameOf(known, operation_column)>
<#assign ET = sqlNameOf(known, event_time_column)>
<#assign eventCols = cols + hasName(colNames, operation_column)?then([], [OP]) + hasName(colNames, event_time_column)?then([], [ET])>
<#assign isDelete = fn.nvl("e." + OP, "''") + " = " + delete_value>
<#-- Tracked columns (track_columns, or every payload column but track_except): only a change to one
     of them opens a version; other changes update the version current at that point in place. -->
<#assign payloadAttrs = colAttrs?filter(a -> !hasName(names(keyAttrs), a.name) && a.name != seqAttr.name)>
<#assign payload = sqlNames(payloadAttrs)>
<#if (track_columns![])?size gt 0 && (track_except![])?size gt 0>
    <#stop "parameter 'track_except': give track_columns or track_except, not both">
</#if>
<#function trackedAttributes list parameter>
    <#local out = []>
    <#list list as c>
        <#local a = attrNamed(colAttrs, c, parameter)>
        <#if !hasName(names(payloadAttrs), a.name)>
            <#stop "parameter '" + parameter + "': " + a.name + " is a key or the sequence column, not a payload column that can be tracked (payload columns: " + names(payloadAttrs)?join(", ") + ")">
        </#if>
        <#local out = out + [a]>
    </#list>
    <#return out>
</#function>
<#assign tracking = (track_columns![])?size gt 0 || (track_except![])?size gt 0>
<#if (track_columns![])?size gt 0>
    <#assign trackedAttrs = trackedAttributes(track_columns, "track_columns")>
<#elseif tracking>
    <#assign except = names(trackedAttributes(track_except, "track_except"))>
    <#assign trackedAttrs = payloadAttrs?filter(a -> !except?seq_contains(a.name))>
</#if>
<#if tracking>
    <#-- A tracked column differs from the previous event's (its LAG alias _p_<plain name>). -->
    <#assign trackedChanges = []>
    <#list trackedAttrs as a><#assign trackedChanges = trackedChanges + [differs("e." + a.sqlName, "e._p_" + a.name)]></#list>
    <#assign trackedChanged = (trackedChanges?size == 0)?then("1 = 0", "(" + trackedChanges?join(" OR ") + ")")>
</#if>
<#assign SEEN = target.schema + "." + work_prefix + "SEEN_" + target.name>
<#if statusAttrs?size == 1>
    <#assign bool = statusAttrs[0].datatype == "BOOLEAN">
    <#assign ON = bool?then(fn.bool_true(), "1")>
    <#assign OFF = bool?then(fn.bool_false(), "0")>
</#if>
<#-- The DISTINCT over every event column runs only on the events whose (key, sequence) occurs more
     than once (a grouping of the key and sequence alone, normally empty), joined back on equality so
     that every engine can hash-join; events with a NULL key column or sequence, which that join cannot
     match, are read apart, so that NULLs still group together as one key or sequence. -->
<#assign keySeq = K + [SEQ]>
<#assign nullKeySeq = []><#list keySeq as c><#assign nullKeySeq = nullKeySeq + ["s." + c + " IS NULL"]></#list>
<#-- The groups of several events are a work table: as a subquery, PostgreSQL's parallel plan built
     the grouping of every event once per worker (table 9 of docs/benchmarks.md). -->
${dropTableIfExists(DUPS)};
-- Key and sequence values with several events (normally none)
<#assign dupsQuery>
SELECT ${qual(keySeq, "g")} FROM ${S} g GROUP BY ${qual(keySeq, "g")} HAVING COUNT(*) > 1
</#assign>
${createTableAs(DUPS, dupsQuery?trim)};
-- Two different events with the same key and sequence stop the load before any write.
${failIfAny("    SELECT " + qual(K, "e") + ", e." + SEQ + "\n    FROM (\n"
        + "        SELECT DISTINCT " + qual(eventCols, "s") + "\n        FROM " + S + " s\n"
        + "        JOIN " + DUPS + " d ON " + eqAll(keySeq, "d", "s") + "\n"
        + "        UNION ALL\n"
        + "        SELECT DISTINCT " + qual(eventCols, "s") + "\n        FROM " + S + " s\n        WHERE " + nullKeySeq?join(" OR ") + "\n"
        + "    ) e\n    GROUP BY " + qual(K, "e") + ", e." + SEQ + " HAVING COUNT(*) > 1",
    lit("cdc_scd2 load " + model.load.name + ": the source " + S + " has different events with the same key and sequence ("
        + names(keyAttrs + [seqAttr])?join(", ") + "); example: ") + cat + keyTextSql(names(keyAttrs + [seqAttr]), K + [SEQ], "bad")
        + cat + lit(". Each event of a key needs its own sequence value; fix the CDC extract."))};
DROP TABLE ${DUPS};
<#if tracking>
-- The events already applied (tracked columns: an event updated in place leaves no sequence of its own in the target)
<#assign seenColumns = []><#list keyAttrs + [seqAttr] as a><#assign seenColumns = seenColumns + [a.sqlName + " " + a.physicalDatatype]></#list>
${createTableIfMissing(SEEN, seenColumns?join(", "))};
</#if>
${dropTableIfExists(KEYS)};
-- Keys with events that the target does not reflect yet
<#assign keysQuery>
SELECT DISTINCT ${qual(K, "e")}
FROM ${S} e
WHERE (NOT (${isDelete}) AND NOT EXISTS (
        SELECT 1 FROM ${tracking?then(SEEN, T)} t WHERE ${eqAll(K, "t", "e")} AND t.${SEQ} = e.${SEQ}))
    OR (${isDelete} AND NOT EXISTS (
        SELECT 1 FROM ${T} t WHERE ${eqAll(K, "t", "e")} AND t.${VT} = e.${ET}))
</#assign>
${createTableAs(KEYS, keysQuery?trim)};
${dropTableIfExists(HIST)};
<#if tracking>
<#assign w = "PARTITION BY " + qual(K, "e") + " ORDER BY e." + SEQ>
-- The rebuilt history of those keys: a version opens at the first event, after a delete and at each
-- change of a tracked column (${names(trackedAttrs)?join(", ")}); the events that follow it until the next opening
-- update it in place, so it carries the last one's values and sequence, valid until the next event
<#assign histQuery>
SELECT
    ${qual(cols, "v")}
    , v._vf AS ${VF}
    , ${endUnder("v._next", open_end, vtAttr.physicalDatatype)} AS ${VT}
<#if statusAttrs?size == 1>
    , CASE WHEN v._next IS NULL THEN ${ON} ELSE ${OFF} END AS ${statusAttrs[0].sqlName}
</#if>
FROM (
    SELECT e.*, MIN(e.${ET}) OVER (PARTITION BY ${qual(K, "e")}, e._grp) AS _vf, LEAD(e._grp) OVER (${w}) AS _next_grp
    FROM (
        SELECT e.*
            , SUM(e._opens) OVER (${w} ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS _grp
            , LEAD(e.${ET}) OVER (${w}) AS _next
        FROM (
            SELECT e.*, CASE WHEN e._del = 1 OR e._p_del IS NULL OR e._p_del = 1 OR ${trackedChanged} THEN 1 ELSE 0 END AS _opens
            FROM (
                SELECT e.*, LAG(e._del) OVER (${w}) AS _p_del<#list trackedAttrs as a>, LAG(e.${a.sqlName}) OVER (${w}) AS _p_${a.name}</#list>
                FROM (
                    SELECT DISTINCT ${qual(eventCols, "s")}, CASE WHEN ${fn.nvl("s." + OP, "''")} = ${delete_value} THEN 1 ELSE 0 END AS _del
                    FROM ${S} s
                    JOIN ${KEYS} k ON ${eqAll(K, "k", "s")}
                ) e
            ) e
        ) e
    ) e
) v
WHERE v._del = 0 AND (v._next_grp IS NULL OR v._next_grp <> v._grp)
</#assign>
${createTableAs(HIST, histQuery?trim)};
<#else>
-- The rebuilt history of those keys: every event, valid until the next event of its key
<#assign histQuery>
SELECT
    ${qual(cols, "v")}
    , v.${ET} AS ${VF}
    , ${endUnder("v._next", open_end, vtAttr.physicalDatatype)} AS ${VT}
<#if statusAttrs?size == 1>
    , CASE WHEN v._next IS NULL THEN ${ON} ELSE ${OFF} END AS ${statusAttrs[0].sqlName}
</#if>
FROM (
    SELECT
        e.*
        , LEAD(e.${ET}) OVER (PARTITION BY ${qual(K, "e")} ORDER BY e.${SEQ}) AS _next
    FROM (
        SELECT DISTINCT ${qual(eventCols, "s")}
        FROM ${S} s
        JOIN ${KEYS} k ON ${eqAll(K, "k", "s")}
    ) e
) v
WHERE NOT (${fn.nvl("v." + OP, "''")} = ${delete_value})
</#assign>
${createTableAs(HIST, histQuery?trim)};
</#if>
<#-- Tracked columns: the rebuilt keys' applied events replace theirs in the SEEN table. -->
<#macro writeSeen>
<#if tracking>
${deleteWhere(SEEN, "sn", "EXISTS (SELECT 1 FROM " + KEYS + " k WHERE " + eqAll(K, "k", "sn") + ")")};
INSERT INTO ${SEEN} (${(K + [SEQ])?join(", ")})
SELECT DISTINCT ${qual(K + [SEQ], "s")}
FROM ${S} s
JOIN ${KEYS} k ON ${eqAll(K, "k", "s")}
WHERE NOT (${fn.nvl("s." + OP, "''")} = ${delete_value});
</#if>
</#macro>
<#assign allCols = cols + [VF, VT] + sqlNames(statusAttrs)>
<#-- audit_history: the target's history checked after the write, before the COMMIT where there is one. -->
<#macro audit atomic>
<#if audit_history>
<@auditValidity who="cdc_scd2 load " + model.load.name table=T keys=K labels=names(keyAttrs) shown=K vf=VF vfName=vfAttr.name
    vt=VT convention=open_end type=vtAttr.physicalDatatype status=(statusAttrs?size == 1)?then(statusAttrs[0].sqlName, "")
    on=ON!"1" atomic=atomic batchKeys=(audit_scope == "batch")?then("SELECT " + qual(K, "k") + " FROM " + KEYS + " k", "")/>
</#if>
</#macro>
<#if (dialect.capabilities.multi_statement_transactions!true) || !(dialect.capabilities.insert_overwrite!false)>
<#if dialect.capabilities.multi_statement_transactions!true>
${fn.begin_transaction()};
<#else>
-- This engine has neither transactions nor INSERT OVERWRITE: the replacement is not atomic.
</#if>
${deleteWhere(T, "trg", "EXISTS (SELECT 1 FROM " + KEYS + " k WHERE " + eqAll(K, "k", "trg") + ")")};
INSERT INTO ${T} (${allCols?join(", ")})
SELECT ${allCols?join(", ")}
FROM ${HIST};
<@writeSeen/>
<@audit dialect.capabilities.multi_statement_transactions!true/>
<#if dialect.capabilities.multi_statement_transactions!true>
COMMIT;
</#if>
<#else>
-- No multi-statement transactions: rewrite the target in one statement
INSERT OVERWRITE TABLE ${T}
SELECT ${qual(allCols, "trg")}
FROM ${T} trg
WHERE NOT EXISTS (SELECT 1 FROM ${KEYS} k WHERE ${eqAll(K, "k", "trg")})
UNION ALL
SELECT ${qual(allCols, "h")}
FROM ${HIST} h;
<#if tracking>
-- Written after the target (not atomic here): a failure in between only rebuilds these keys again;
-- one INSERT OVERWRITE, as for the target (Delta takes no subquery in a DELETE condition)
INSERT OVERWRITE TABLE ${SEEN}
SELECT ${qual(K + [SEQ], "sn")}
FROM ${SEEN} sn
WHERE NOT EXISTS (SELECT 1 FROM ${KEYS} k WHERE ${eqAll(K, "k", "sn")})
UNION ALL
SELECT DISTINCT ${qual(K + [SEQ], "s")}
FROM ${S} s
JOIN ${KEYS} k ON ${eqAll(K, "k", "s")}
WHERE NOT (${fn.nvl("s." + OP, "''")} = ${delete_value});
</#if>
<@audit false/>
</#if>
DROP TABLE ${KEYS};
DROP TABLE ${HIST};
