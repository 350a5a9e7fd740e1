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
<#-- Without OPT_NOT_EXISTS_WHERE the check reads the key alone, so it goes before the window: only
     the batch's new keys are numbered (benchmark 15: numbering the whole batch first made the hub
     load 1.7x the hand-written one at 1 % new keys on PostgreSQL). The option's condition may read
     the batch row's other columns, so with it the check stays on the row the numbering picked. -->
<#local early = !skipDuplicatePrevention() && !loadOpt("OPT_NOT_EXISTS_WHERE")?has_content>
<#local late = !skipDuplicatePrevention() && !early>
<#local deferred = early?then(deferredReferences(cols), [])>
<#local parts = []>
<#list deferred as r><#list r.sourceAttributes as a><#if !parts?seq_contains(a.sqlName)><#local parts = parts + [a.sqlName]></#if></#list></#list>
<@auditBegin/>
INSERT INTO ${targetTable} (${cols?join(", ")})
SELECT <#list cols as c>${referenceExpression(deferred, c)!("n." + c)}<#sep>, </#list>
FROM (
    SELECT m.*,
        ROW_NUMBER() OVER (PARTITION BY m.${hk.sqlName} ORDER BY ${order}) AS dv_row_number
    FROM (
${mappedSelect(extras + parts?map(p -> "s." + p + " AS " + p), "        ", deferred?has_content?then(["DV_REFERENCING_HASHKEY"], []))}
    ) m<#if early>
    WHERE NOT EXISTS (
        SELECT 1
        FROM ${targetTable} t
        WHERE t.${hk.sqlName} = m.${hk.sqlName}
    )</#if>
) n
WHERE n.dv_row_number = 1<#if late>
  AND NOT EXISTS (
    SELECT 1
    FROM ${targetTable} t
    WHERE t.${hk.sqlName} = n.${hk.sqlName}${andOption("OPT_NOT_EXISTS_WHERE")}
  )</#if>;
<#if auditHistory()>
<@auditUnique who=auditWho table=targetTable keys=[hk.sqlName] labels=[hk.name] atomic=auditTx batchKeys=auditKeys()/>
<@auditCommit/>
</#if>
</#macro>
<#-- A link's referencing hash keys, computed after the check and the numbering, from the source
     columns the batch carries, so only for the rows inserted (benchmark 15: computing them for every
     batch row made the link load 1.3-1.7x the hand-written SQL on DuckDB). Not when one is CUSTOM
     (its formula names its own alias) or a source column's name is taken by a batch column: then
     they are computed with the other columns. -->
<#function deferredReferences cols>
    <#local refs = mappingsOfType(mapping, "DV_REFERENCING_HASHKEY")>
    <#local taken = (cols + ["dv_row_number"])?map(c -> c?lower_case)>
    <#list refs as r>
        <#if (r.transformationType!"") == "CUSTOM"><#return []></#if>
        <#list r.sourceAttributes as a><#if taken?seq_contains(a.sqlName?lower_case)><#return []></#if></#list>
    </#list>
    <#return refs>
</#function>
<#-- The deferred reference's expression over the numbered rows (alias n), or nothing for another column. -->
<#function referenceExpression deferred column>
    <#list deferred as r>
        <#if r.targetAttribute.sqlName == column><#return mappedExpression(r, "n")></#if>
    </#list>
</#function>
