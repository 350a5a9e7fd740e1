<#--
  generated_s_sat: the main step of a S_SAT (status satellite) load on a full extract, generated
  from its one entity mapping (no parameters).
  Inputs
    Target attributes by type: DV_HASHKEY (mapped), DV_STATUS (written here: 1 present, 0 gone;
    character columns get '1' / '0', BOOLEAN TRUE / FALSE), DV_LOAD_TIME (not mapped: the run's
    CURRENT_TS), optional DV_RECORD_SOURCE (mapped). Option OPT_DELTA_EXTRACT=false is required
    (the stage is the complete set of keys); OPT_WHERE.
  Semantics (rules 25, 26)
    A stage key whose latest status is not 1 (or that has no row) gets a status-1 row; a key whose
    latest status is 1 and that the stage lacks gets a status-0 row with its latest row's record
    source; nothing is written when the status is unchanged; an empty stage changes nothing.
-->
<#include "/lib/dv.ftl">
<#assign ok = checkOptions() && checkHashParts()>
<#if loadOpt("OPT_DELTA_EXTRACT")?lower_case != "false">
    <#stop where() + ": a generated S_SAT load reads a full extract: set load option OPT_DELTA_EXTRACT=false"
        + " (status satellites on delta extracts are not generated yet).">
</#if>
<#assign hk = mappedOfType("DV_HASHKEY", "the key").targetAttribute>
<#assign status = targetOfType("DV_STATUS", "1 while the key is in the extract, 0 once it is gone")>
<#assign ltime = targetOfType("DV_LOAD_TIME", "the run's load time")>
<#list [status, ltime] as a>
    <#if isMapped(a)>
        <#stop where() + ": target attribute " + a.name + " (" + a.attributeType + ") of a S_SAT is written by the load; remove its mapping.">
    </#if>
</#list>
<#assign rsList = mappedRecordSources()>
<#list mapping.attributeMappings as am>
    <#if !["DV_HASHKEY", "DV_RECORD_SOURCE"]?seq_contains(am.targetAttribute.attributeType!"")>
        <#stop where() + ": a S_SAT load writes only key, load time, status and record source; mapped attribute "
            + am.targetAttribute.name + " has no place in it.">
    </#if>
</#list>
<#assign character = ["CHAR", "VARCHAR"]?seq_contains(status.datatype!"")>
<#assign boolean = (status.datatype!"") == "BOOLEAN">
<#assign one = character?then("'1'", boolean?then(fn.bool_true(), "1"))>
<#assign zero = character?then("'0'", boolean?then(fn.bool_false(), "0"))>
<#assign now = loads.getTransformationForAttributes("CURRENT_TS", [])>
<#assign rs = (rsList?size > 0)?then(rsList[0].sqlName, "")>
<#assign cols = [hk.sqlName, ltime.sqlName, status.sqlName] + rs?has_content?then([rs], [])>
<#macro latest>(
        SELECT r.${hk.sqlName}, r.${status.sqlName}<#if rs?has_content>, r.${rs}</#if>
        FROM (
            SELECT t.${hk.sqlName}, t.${status.sqlName}<#if rs?has_content>, t.${rs}</#if>,
                ROW_NUMBER() OVER (PARTITION BY t.${hk.sqlName} ORDER BY t.${ltime.sqlName} DESC) AS dv_row_number
            FROM ${targetTable} t
        ) r
        WHERE r.dv_row_number = 1
    )</#macro>
<#-- Two INSERTs, not one with UNION ALL: DuckDB 1.4 intermittently failed the UNION ALL form
     ("Invalid unicode … in segment statistics update", about 1 run in 40). They touch different keys
     (gone keys are not in the stage), so their order does not matter; one transaction where there are. -->
<#assign transaction = dialect.capabilities.multi_statement_transactions!true>
<#if transaction>${fn.begin_transaction()};
</#if>INSERT INTO ${targetTable} (${cols?join(", ")})
SELECT l.${hk.sqlName}, ${now}, ${zero}<#if rs?has_content>, l.${rs}</#if>
FROM <@latest/> l
WHERE l.${status.sqlName} = ${one}
  AND NOT EXISTS (
    SELECT 1
    FROM (
${mappedSelect([], "        ")}
    ) m
    WHERE m.${hk.sqlName} = l.${hk.sqlName}
  )
  AND EXISTS (
${mappedSelect([], "    ")}
  );
<#-- T-SQL's ROW_NUMBER needs an ORDER BY: without a record source a key's rows are alike, the key orders them. -->
INSERT INTO ${targetTable} (${cols?join(", ")})
SELECT k.${hk.sqlName}, ${now}, ${one}<#if rs?has_content>, k.${rs}</#if>
FROM (
    SELECT m.*,
        ROW_NUMBER() OVER (PARTITION BY m.${hk.sqlName} ORDER BY ${rs?has_content?then(fn.code_point_order("m." + rs), "m." + hk.sqlName)}) AS dv_row_number
    FROM (
${mappedSelect([], "        ")}
    ) m
) k
LEFT JOIN <@latest/> l ON l.${hk.sqlName} = k.${hk.sqlName}
WHERE k.dv_row_number = 1
  AND (l.${hk.sqlName} IS NULL OR l.${status.sqlName} <> ${one});
<#if transaction>COMMIT;
</#if>