<#--
  scd_hybrid_rebuild: SCD Type 1 and Type 2 columns on one dimension (seed 003); rebuilt without UPDATE
  on engines that have no UPDATE ... FROM, updated in place where they have it.

  Inputs
    natural_key (IDENTIFIER_LIST, required): the natural key columns.
    scd1_columns (IDENTIFIER_LIST, default none): overwritten in all versions of the key; every other column
      without an attribute type is SCD2 (a change makes a new version).
    track_columns (IDENTIFIER_LIST, default none): instead of scd1_columns, the SCD2 columns; every other
      business column is SCD1.
    open_end (far_future | null, default far_future): VALID_TO of the current version, 9999-12-31 or NULL.
    invalidate_hard_deletes (BOOLEAN, default false): the source is the complete latest state; the current
      version of a key missing from it is closed at the execution time (a key that comes back opens a
      new version).
    execution_time (SQL, default CURRENT_TIMESTAMP), source (default the first source entity),
    work_prefix (default Z_NEW_).
    audit_history (BOOLEAN, default false): the target's history audited before the COMMIT
      (lib/audit_history.ftl), naming up to 5 keys when broken.
    audit_scope (batch | full, default batch): the audit reads every row of the source's keys (the
      only keys whose rows change), or the whole target (always with invalidate_hard_deletes).
  Required attribute types of the target: SCD_ID (integer surrogate key), SCD_VERSION (integer,
    1 = oldest), VALID_FROM, VALID_TO (timestamps; 9999-12-31 or NULL on the current version, see open_end),
    VALIDITY_STATUS (BOOLEAN TRUE/FALSE, or 1/0).
  Source shape: the natural key and the business columns by name, one row per key (the staging
    holds changed and new keys; keys missing from it keep their rows unless invalidate_hard_deletes).

  Semantics
    - Duplicate keys in the source stop the load before any write.
    - The new full state is built into a new table: rows of keys not in the source as they are;
      rows of keys in the source with their SCD1 columns overwritten (all versions); the current
      version closed at the execution time when an SCD2 column differs null-safely (IS DISTINCT
      FROM, <=> or a CASE, from the dialect's capabilities: NULL -> value and value -> NULL are
      changes, NULL -> NULL is not, '' is not NULL); a new version for each such key and for each
      new key.
    - Surrogate keys continue from the target's maximum (in natural key order); versions continue
      from the key's maximum version.
    - The target is replaced in one step: INSERT OVERWRITE where the dialect has the
      insert_overwrite capability, else DELETE + INSERT in one transaction.
    - Where the dialect has update_from, the same result is written in place instead (issue 18: the
      rebuild writes the whole table three times whatever the share of changes): the new versions
      into the work table, then in one transaction one UPDATE from the source that overwrites the
      SCD1 columns that differ and closes the changed keys' current versions, deleted keys closed,
      the new versions inserted.
    - Rerunning the same batch changes nothing.
-->
<#include "/lib/load.ftl">
<#include "/lib/audit_history.ftl">
<#assign target = model.load.target>
<#-- Columns and the target are written in their SQL form (quoted when case-sensitive); the work
     table's name is derived from the plain name, unquoted where made and read; messages name the
     plain names. -->
<#assign T = target.schema + "." + target.sqlName>
<#assign NEW = target.schema + "." + work_prefix + target.name>
<#assign S = sourceRelation()>
<#assign SK = loads.getAttributeForType(target.attributes, "SCD_ID").sqlName>
<#assign VER = loads.getAttributeForType(target.attributes, "SCD_VERSION").sqlName>
<#assign vfAttr = loads.getAttributeForType(target.attributes, "VALID_FROM")>
<#assign VF = vfAttr.sqlName>
<#assign vtAttr = loads.getAttributeForType(target.attributes, "VALID_TO")>
<#assign VT = vtAttr.sqlName>
<#assign statusAttr = loads.getAttributeForType(target.attributes, "VALIDITY_STATUS")>
<#assign ST = statusAttr.sqlName>
<#assign bool = statusAttr.datatype == "BOOLEAN">
<#assign ON = bool?then(fn.bool_true(), "1")>
<#assign OFF = bool?then(fn.bool_false(), "0")>
<#assign business = target.attributes?filter(a -> !(a.attributeType?has_content))>
<#assign keyAttrs = []><#list natural_key as k><#assign keyAttrs = keyAttrs + [attrNamed(business, k, "natural_key")]></#list>
<#assign K = sqlNames(keyAttrs)>
<#if track_columns?size gt 0 && scd1_columns?size gt 0>
    <#stop "parameter 'track_columns': give scd1_columns (all but these are SCD2) or track_columns (only these are SCD2), not both">
</#if>
<#assign scd1 = []><#list scd1_columns as c><#assign scd1 = scd1 + [attrNamed(business, c, "scd1_columns").sqlName]></#list>
<#if track_columns?size gt 0>
    <#assign tracked = []><#list track_columns as c><#assign tracked = tracked + [attrNamed(business, c, "track_columns").sqlName]></#list>
    <#assign scd1 = sqlNames(business)?filter(c -> !hasName(K, c) && !hasName(tracked, c))>
</#if>
<#assign scd2 = sqlNames(business)?filter(c -> !hasName(K, c) && !hasName(scd1, c))>
<#assign ET = "CAST(" + execution_time + " AS " + vfAttr.physicalDatatype + ")">
<#-- The open end: far_future keeps the template's historical text (the same timestamp as lib openEnd's). -->
<#assign EOT = (open_end == "null")?then(openEnd(open_end, vtAttr.physicalDatatype), fn.end_of_time(vtAttr.physicalDatatype))>
<#assign allCols = sqlNames(target.attributes)>
<#-- One SELECT list in target column order; `exprs` maps a column to its expression. -->
<#function selectList exprs>
    <#local out = []>
    <#list allCols as c><#local out = out + [exprs[c] + " AS " + c]></#list>
    <#return out?join("\n        , ")>
</#function>
<#assign changed = anyDiffers(scd2, "p", "s")>
<#assign keep = {}><#assign merged = {}><#assign fresh = {}>
<#list allCols as c>
    <#assign keep = keep + {c: "p." + c}>
    <#if hasName(scd1, c)><#assign merged = merged + {c: "s." + c}><#else><#assign merged = merged + {c: "p." + c}></#if>
    <#if hasName(K, c) || hasName(scd1, c) || hasName(scd2, c)><#assign fresh = fresh + {c: "s." + c}></#if>
</#list>
<#assign merged = merged + {
    VT: "CASE WHEN p." + ST + " = " + ON + " AND " + changed + " THEN " + ET + " ELSE p." + VT + " END",
    ST: "CASE WHEN p." + ST + " = " + ON + " AND " + changed + " THEN " + OFF + " ELSE p." + ST + " END"}>
<#-- Keys missing from a complete source (invalidate_hard_deletes): the current version closed at the run time. -->
<#if invalidate_hard_deletes>
    <#assign keep = keep + {
        VT: "CASE WHEN p." + ST + " = " + ON + " THEN " + ET + " ELSE p." + VT + " END",
        ST: "CASE WHEN p." + ST + " = " + ON + " THEN " + OFF + " ELSE p." + ST + " END"}>
</#if>
<#assign fresh = fresh + {
    SK: fn.nvl("(SELECT MAX(m." + SK + ") FROM " + T + " m)", "0") + " + ROW_NUMBER() OVER (ORDER BY " + qual(K, "s") + ")",
    VER: fn.nvl("(SELECT MAX(v." + VER + ") FROM " + T + " v WHERE " + eqAll(K, "v", "s") + ")", "0") + " + 1",
    VF: ET, VT: EOT, ST: ON}>
<#-- The new versions of changed keys and the new keys, read from the target as it is before the
     run; both paths write exactly these rows. -->
<#macro freshVersions>
SELECT
        ${selectList(fresh)}
FROM ${S} s
LEFT JOIN ${T} p ON ${eqAll(K, "p", "s")} AND p.${ST} = ${ON}
WHERE p.${SK} IS NULL OR ${changed}</#macro>
<#-- audit_history: the target's history checked after the write, before the COMMIT where there is one. -->
<#macro audit atomic>
<#if audit_history>
<@auditValidity who="scd_hybrid_rebuild load " + model.load.name table=T keys=K labels=names(keyAttrs) shown=K vf=VF vfName=vfAttr.name
    vt=VT convention=open_end type=vtAttr.physicalDatatype status=ST on=ON atomic=atomic
    batchKeys=(audit_scope == "batch" && !invalidate_hard_deletes)?then("SELECT " + qual(K, "s") + " FROM " + S + " s", "")/>
</#if>
</#macro>
-- Duplicate keys in the source stop the load before any write.
${failIfAny("    SELECT " + qual(K, "s") + " FROM " + S + " s GROUP BY " + qual(K, "s") + " HAVING COUNT(*) > 1",
    lit("scd_hybrid_rebuild load " + model.load.name + ": the source " + S + " has several rows for one natural key ("
        + names(keyAttrs)?join(", ") + "); example: ") + cat + keyTextSql(names(keyAttrs), K, "bad") + cat + lit(". Give the source one row per key."))};
${dropTableIfExists(NEW)};
${createTableAs(NEW, "SELECT * FROM " + T + " WHERE 1 = 0")};
<#if dialect.capabilities.update_from!false>
<#-- In place (the engine has UPDATE ... FROM): only the rows that change are written. The new
     versions are computed first, from the target as it was; closing a changed key's current version
     takes its end from the new version's start, so both carry the same instant (and all of it is
     one transaction, whose CURRENT_TIMESTAMP is one instant on PostgreSQL and DuckDB). -->
<#if dialect.capabilities.multi_statement_transactions!true>
${fn.begin_transaction()};
</#if>
-- New versions of changed keys, and new keys
INSERT INTO ${NEW} (${allCols?join(", ")})
<@freshVersions/>;
<#assign closing = "p." + ST + " = " + ON + " AND " + changed>
-- One pass over the target: SCD1 columns overwritten in all versions of the key, and the current
-- version of a changed key closed where its new version starts (every new version starts at the one
-- execution time, so the work table's latest start is that instant)
UPDATE ${T} AS p SET <#list scd1 as c>${c} = s.${c}, </#list>${VT} = CASE WHEN ${closing} THEN (SELECT MAX(n.${VF}) FROM ${NEW} n) ELSE p.${VT} END
    , ${ST} = CASE WHEN ${closing} THEN ${OFF} ELSE p.${ST} END
FROM ${S} s
WHERE ${eqAll(K, "s", "p")} AND (<#if scd1?size gt 0>${anyDiffers(scd1, "p", "s")} OR </#if>(${closing}));
<#if invalidate_hard_deletes>
-- Keys not in the complete source: deleted, their current version closed
UPDATE ${T} AS p SET ${VT} = ${ET}, ${ST} = ${OFF}
WHERE p.${ST} = ${ON} AND NOT EXISTS (SELECT 1 FROM ${S} s WHERE ${eqAll(K, "s", "p")});
</#if>
INSERT INTO ${T} (${allCols?join(", ")})
SELECT ${allCols?join(", ")} FROM ${NEW};
<@audit dialect.capabilities.multi_statement_transactions!true/>
<#if dialect.capabilities.multi_statement_transactions!true>
COMMIT;
</#if>
<#else>
INSERT INTO ${NEW} (${allCols?join(", ")})
<#if invalidate_hard_deletes>
-- Keys not in the complete source: deleted, their current version closed
<#else>
-- Keys not in the source: as they are
</#if>
SELECT
        ${selectList(keep)}
FROM ${T} p
WHERE NOT EXISTS (SELECT 1 FROM ${S} s WHERE ${eqAll(K, "s", "p")})
UNION ALL
-- Keys in the source: SCD1 columns overwritten in all versions; the current version closed on an SCD2 change
SELECT
        ${selectList(merged)}
FROM ${T} p
JOIN ${S} s ON ${eqAll(K, "s", "p")}
UNION ALL
-- New versions of changed keys, and new keys
<@freshVersions/>;
<#if dialect.capabilities.insert_overwrite!false>
INSERT OVERWRITE TABLE ${T}
SELECT ${allCols?join(", ")} FROM ${NEW};
<@audit false/>
<#else>
<#if dialect.capabilities.multi_statement_transactions!true>
${fn.begin_transaction()};
<#else>
-- This engine has neither transactions nor INSERT OVERWRITE: the replacement is not atomic.
</#if>
DELETE FROM ${T} WHERE 1 = 1;
INSERT INTO ${T} (${allCols?join(", ")})
SELECT ${allCols?join(", ")} FROM ${NEW};
<@audit dialect.capabilities.multi_statement_transactions!true/>
<#if dialect.capabilities.multi_statement_transactions!true>
COMMIT;
</#if>
</#if>
</#if>
DROP TABLE ${NEW};
