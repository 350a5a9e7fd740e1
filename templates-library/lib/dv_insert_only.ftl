<#--
  The insert-only load of hubs and links (templates/generated_hub, generated_link); include after
  /lib/dv.ftl. Rules 9-13 of dv-semantics.md.
-->
<#macro insertOnly>
<#local ok = checkOptions() && checkHashParts()>
<#local hk = mappedOfType("DV_HASHKEY", "the key").targetAttribute>
<#local ltime = targetOfType("DV_LOAD_TIME", "the time of a key's first appearance")>
<#local rsList = mappedRecordSources()>
<#local extras = loadTimeExtra(ltime)>
<#local cols = insertColumns(ltime)>
<#local order = "m." + ltime.sqlName + (rsList?size > 0)?then(", " + fn.code_point_order("m." + rsList[0].sqlName), "")>
<@auditBegin/>
INSERT INTO ${targetTable} (${cols?join(", ")})
SELECT ${qual(cols, "n")}
FROM (
    SELECT m.*,
        ROW_NUMBER() OVER (PARTITION BY m.${hk.sqlName} ORDER BY ${order}) AS dv_row_number
    FROM (
${mappedSelect(extras, "        ")}
    ) m
) n
WHERE n.dv_row_number = 1<#if !skipDuplicatePrevention()>
  AND NOT EXISTS (
    SELECT 1
    FROM ${targetTable} t
    WHERE t.${hk.sqlName} = n.${hk.sqlName}${andOption("OPT_NOT_EXISTS_WHERE")}
  )</#if>;
<#if auditHistory()>
<@auditUnique who=auditWho table=targetTable keys=[hk.sqlName] labels=[hk.name] atomic=auditTx/>
<@auditCommit/>
</#if>
</#macro>
