<#--
  Insert or update by key and datahash: the load of REF, DIM and FACT entities (templates/generated_ref,
  generated_dim, generated_fact); include after /lib/dv.ftl. The target holds one row per key
  (DV_HASHKEY); its DV_DATAHASH tells whether the delivered row differs from the stored one.
    - new keys are inserted, keys whose datahash changed are updated in place (every mapped column
      but the key, and the load time), unchanged keys and keys absent from the batch are untouched;
    - rows of one key with one datahash count once (earliest load time, then lowest record source);
      rows of one key with different datahashes stop the load before any write, naming the key;
    - default: UPDATE … FROM and INSERT in one transaction where the dialect has update_from, else
      one MERGE (from a work table where MERGE reads only tables); OPT_INSERT_UPDATE_BY_ID_AS_MERGE:
      always one MERGE;
      OPT_INSERT_UPDATE_DELETE_BY_DATAHASH_AS_MERGE: one MERGE that also deletes the target keys the
      (full) extract lacks; an empty extract deletes nothing (rule 26's reading of an empty full extract).
-->
<#macro insertUpdateByKey>
<#local ok = checkOptions() && checkHashParts()>
<#local keyMapping = mappedOfType("DV_HASHKEY", "the key a row is found by")>
<#local hk = keyMapping.targetAttribute.sqlName>
<#local dhAttr = mappedOfType("DV_DATAHASH", "the datahash that tells a changed row").targetAttribute>
<#local dh = dhAttr.sqlName>
<#local ltimes = target.attributes?filter(a -> (a.attributeType!"") == "DV_LOAD_TIME")>
<#if ltimes?size gt 1>
    <#stop where() + ": a " + kind + " load takes at most one target attribute of type DV_LOAD_TIME; "
        + target.schema + "." + target.name + " has " + ltimes?size + ".">
</#if>
<#local ltime = ltimes?has_content?then(ltimes[0], "")>
<#local extras = ltime?is_hash?then(loadTimeExtra(ltime), [])>
<#local cols = insertColumns(ltime)>
<#local updateCols = cols?filter(c -> c != hk)>
<#local rsList = mappedRecordSources()>
<#-- T-SQL's ROW_NUMBER needs an ORDER BY: without load time and record source a key's rows are alike. -->
<#local order = ltime?is_hash?then(["m." + ltime.sqlName], []) + (rsList?size gt 0)?then([fn.code_point_order("m." + rsList[0].sqlName)], [])>
<#if order?size == 0><#local order = ["m." + hk]></#if>
<#local deleting = flag("OPT_INSERT_UPDATE_DELETE_BY_DATAHASH_AS_MERGE")>
<#local merging = deleting || flag("OPT_INSERT_UPDATE_BY_ID_AS_MERGE") || !(dialect.capabilities.update_from!false)>
<#-- The MERGE compares datahashes and flags deletions in its WHEN clauses (merge_clause_condition);
     its rows come from a query, or from a work table where MERGE reads only tables (merge_source_query). -->
<#if merging>
    <#local why = deleting?then("load option OPT_INSERT_UPDATE_DELETE_BY_DATAHASH_AS_MERGE writes one MERGE",
        flag("OPT_INSERT_UPDATE_BY_ID_AS_MERGE")?then("load option OPT_INSERT_UPDATE_BY_ID_AS_MERGE writes one MERGE",
        "a generated " + kind + " load without UPDATE … FROM (capability update_from) writes one MERGE"))>
    <#local fix = (dialect.capabilities.update_from!false)?then("remove the option or choose another dialect",
        "write the load's SQL in an OVERRIDE step or choose another dialect")>
    <#list ["merge", "merge_clause_condition"] as capability>
        <#if !(dialect.capabilities[capability]!false)>
            <#stop why + ", which needs the capability " + capability + ", which the dialect " + dialect.name + " ("
                + dialect.label + ") lacks; " + fix + ".">
        </#if>
    </#list>
</#if>
<#-- One row per key, before any write: different datahashes of one key are refused (MIN <> MAX, or
     COUNT(DISTINCT) for a BINARY datahash: lib/dv.ftl differentValues). -->
<#local check = failIfAny("    SELECT MIN(m.dv_key_text) AS dv_key_text
    FROM (
" + mappedSelect([keyTextOf(keyMapping) + " AS dv_key_text"], "        ") + "
    ) m
    GROUP BY m." + hk + "
    HAVING " + differentValues("m." + dh, dhAttr),
    lit("generated " + kind + " load " + model.load.name + " into " + target.schema + "." + target.name + ": the stage rows of key ")
        + cat + "bad.dv_key_text" + cat
        + lit(" conflict (same key, different datahashes); nothing was loaded. Deliver one row per key, or rows of a key that differ only in load time and record source."))>
${check};
<#-- Also at the head of the SQL package's run (runCheck; see lib/dv_history.ftl). -->
<#if runCheck??><#local collected = runCheck(check)></#if>
<#-- The batch: one row per key (its rows share one datahash once the check passed). -->
<#local batch>
    SELECT ${qual(cols, "n")}<#if deleting>, 0 AS dv_delete_row</#if>
    FROM (
        SELECT m.*,
            ROW_NUMBER() OVER (PARTITION BY m.${hk} ORDER BY ${order?join(", ")}) AS dv_row_number
        FROM (
${mappedSelect(extras, "            ")}
        ) m
    ) n
    WHERE n.dv_row_number = 1</#local>
<#if merging>
<#local setPrefix = (dialect.capabilities.merge_update_qualified!true)?then("trg.", "")>
<#local rows>
${batch}<#if deleting>
    UNION ALL
    <#-- Target keys the extract lacks, flagged for the DELETE branch; only when the extract has rows. -->
    SELECT ${qual(cols, "t")}, 1 AS dv_delete_row
    FROM ${targetTable} t
    WHERE NOT EXISTS (
        SELECT 1
        FROM (
${keySelect("            ")}
        ) k
        WHERE k.${hk} = t.${hk}
    )
      AND EXISTS (
${keySelect("        ")}
    )</#if></#local>
<#local tail>
ON (trg.${hk} = src.${hk})<#if deleting>
WHEN MATCHED AND src.dv_delete_row = 1 THEN DELETE</#if>
WHEN MATCHED AND <#if deleting>src.dv_delete_row = 0 AND </#if>trg.${dh} <> src.${dh} THEN UPDATE SET <#list updateCols as c>${setPrefix}${c} = src.${c}<#sep>, </#list>
WHEN NOT MATCHED<#if deleting> AND src.dv_delete_row = 0</#if> THEN INSERT (${cols?join(", ")})
VALUES (${qual(cols, "src")});</#local>
<#if dialect.capabilities.merge_source_query!true>
MERGE INTO ${targetTable} trg USING (
${rows}
) src
${tail}
<#else>
<#-- The engine's MERGE reads a table, not a query: the rows are staged in a work table, replaced on
     each run and dropped after. Where MERGE takes no alias for its target, the table's name qualifies. -->
<#local work = "<target_schema>.Z_MERGE_<target_entity_name>">
<#local targetAlias = (dialect.capabilities.merge_target_alias!true)?then(" trg", "")>
${dropTableIfExists(work)};
${createTableAs(work, rows)};
MERGE INTO ${targetTable}${targetAlias} USING ${work} src
${(dialect.capabilities.merge_target_alias!true)?then(tail, unalias(tail, "trg", target.sqlName))}
${dropTableIfExists(work)};
</#if>
<#else>
<#local transaction = dialect.capabilities.multi_statement_transactions!true>
<#if transaction>${fn.begin_transaction()};
</#if>UPDATE ${targetTable} AS trg SET <#list updateCols as c>${c} = src.${c}<#sep>, </#list>
FROM (
${batch}
) src
WHERE trg.${hk} = src.${hk}
  AND trg.${dh} <> src.${dh};
INSERT INTO ${targetTable} (${cols?join(", ")})
SELECT ${qual(cols, "src")}
FROM (
${batch}
) src
WHERE NOT EXISTS (SELECT 1 FROM ${targetTable} t WHERE t.${hk} = src.${hk});
<#if transaction>COMMIT;
</#if></#if>
</#macro>
