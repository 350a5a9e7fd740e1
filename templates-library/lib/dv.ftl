<#--
  Shared parts of the generated loads (templates/generated_*): a load with one entity mapping and
  no OVERRIDE step renders templates/generated_<entity type>. The rules are those of
  /work/shared/dv-semantics.md (numbers in the comments); the README's "Generated loads" says more.
  Columns are found by target attribute type (DV_HASHKEY, DV_LOAD_TIME, DV_RECORD_SOURCE,
  DV_DATAHASH, DV_REFERENCING_HASHKEY), their SQL by the mapping (lib/mapping.ftl).
-->
<#include "/lib/load.ftl">
<#include "/lib/mapping.ftl">
<#include "/lib/audit_history.ftl">
<#if model.load.mappings?size != 1>
    <#stop "generated logic reads exactly one entity mapping; load " + model.load.name + " has " + model.load.mappings?size + ".">
</#if>
<#assign mapping = model.load.mappings[0]>
<#assign target = model.load.target>
<#assign targetTable = target.schema + "." + target.sqlName>
<#assign kind = target.entityType?upper_case>
<#-- Each option, and the generated loads it applies to. -->
<#assign optionScope = {
    "OPT_WHERE": ["HUB", "LINK", "SAT", "PSA", "SAT_MA", "S_SAT", "STAGE", "GENERIC", "VIEW", "SAT_C", "SAT_MA_C",
        "REF", "DIM", "FACT"],
    "OPT_NOT_EXISTS_WHERE": ["HUB", "LINK", "SAT", "PSA"],
    "OPT_SKIP_DUPLICATE_PREVENTION": ["HUB", "LINK", "SAT", "PSA", "SAT_MA"],
    "OPT_DELTA_EXTRACT": ["S_SAT"],
    "OPT_HISTORIZED_BY_DATAHASH_AS_INSERT": ["SAT", "PSA", "SAT_MA"]}>
<#-- Shipped formulas write these datatypes as the same text on every engine (rules 1-4). -->
<#assign hashable = ["CHAR", "VARCHAR", "INTEGER1", "INTEGER2", "INTEGER4", "INTEGER8", "DECIMAL", "DATE",
    "TIMESTAMP", "TIMESTAMP_TZ", "BOOLEAN"]>
<#assign hashTypes = ["HASH_KEY", "HASH_DIFF", "HASH_LIST", "BUSINESS_KEY", "REFERENCE_HASH_KEY", "REFERENCE_HASH_DIFF"]>
<#function where>
    <#return "mapping '" + mapping.name + "' (" + mapping.sourceEntity.schema + "." + mapping.sourceEntity.name
        + " -> " + target.schema + "." + target.name + ")">
</#function>
<#-- The one target attribute of the type; none or several stop the load naming mapping and type. -->
<#function targetOfType type why>
    <#local found = target.attributes?filter(a -> (a.attributeType!"") == type)>
    <#if found?size != 1>
        <#stop where() + ": a " + kind + " load needs exactly one target attribute of type " + type + " (" + why
            + "); " + target.schema + "." + target.name + " has " + found?size + ".">
    </#if>
    <#return found[0]>
</#function>
<#-- The attribute mapping of the target attribute of the type; unmapped stops the load. -->
<#function mappedOfType type why>
    <#local attr = targetOfType(type, why)>
    <#list mapping.attributeMappings as am>
        <#if am.targetAttribute.name == attr.name><#return am></#if>
    </#list>
    <#stop where() + ": target attribute " + attr.name + " (" + type + ", " + why + ") has no mapping; a " + kind
        + " load cannot be generated without it.">
</#function>
<#function isMapped attr>
    <#list mapping.attributeMappings as am><#if am.targetAttribute.name == attr.name><#return true></#if></#list>
    <#return false>
</#function>
<#-- Every part of a hash is of a datatype the shipped formulas write alike on every engine. -->
<#function checkHashParts>
    <#list mapping.attributeMappings as am>
        <#if hashTypes?seq_contains(am.transformationType!"")>
            <#list am.sourceAttributes as a>
                <#if !hashable?seq_contains(a.datatype!"")>
                    <#stop where() + ": target attribute " + am.targetAttribute.name + " (" + am.transformationType
                        + ") hashes source attribute " + a.name + " of type " + (a.datatype!"unknown")
                        + ", which the hash formulas cannot write as the same text on every engine; hash parts may be "
                        + hashable?join(", ") + " (cast it in a CUSTOM mapping or a stage).">
                </#if>
            </#list>
        </#if>
    </#list>
    <#return true>
</#function>
<#-- Load options set on the load that this kind of load cannot apply stop it; so does a bad value. -->
<#-- true / false options that change how a load writes: set true where they do not apply, they are
     refused rather than ignored, so a load never silently does less than its options say; false is
     the default and is accepted anywhere. -->
<#assign flagScope = {
    "OPT_SCAN_ONLY_THE_LATEST_BY_KEY": ["SAT", "PSA"],
    "OPT_INSERT_UPDATE_BY_ID_AS_MERGE": ["REF", "DIM", "FACT"],
    "OPT_INSERT_UPDATE_DELETE_BY_DATAHASH_AS_MERGE": ["REF", "DIM", "FACT"],
    "OPT_AUDIT_HISTORY": ["HUB", "LINK", "SAT", "PSA", "SAT_MA"]}>
<#assign flagWhy = {
    "OPT_SCAN_ONLY_THE_LATEST_BY_KEY": "it narrows the history a load compares with, which only a SAT or PSA load reads",
    "OPT_INSERT_UPDATE_BY_ID_AS_MERGE": "only REF, DIM and FACT loads update rows in place; the others insert only",
    "OPT_INSERT_UPDATE_DELETE_BY_DATAHASH_AS_MERGE": "only REF, DIM and FACT loads update and delete rows in place; the others insert only",
    "OPT_AUDIT_HISTORY": "the history audit is generated for HUB, LINK, SAT, PSA and SAT_MA loads"}>
<#function checkOptions>
    <#list flagScope?keys as name>
        <#if loadOptDefined(name)>
            <#local value = loadOpt(name)?trim?lower_case>
            <#if name == "OPT_AUDIT_HISTORY" && value == "full">
                <#local value = "true">
            <#elseif value != "true" && value != "false">
                <#stop "load option " + name + " is '" + loadOpt(name) + "'; it takes true or false."
                    + (name == "OPT_AUDIT_HISTORY")?then(" It also takes full: the audit then reads the whole target, not only the batch's keys.", "")>
            </#if>
            <#if value == "true" && !flagScope[name]?seq_contains(kind)>
                <#stop "load option " + name + " does not apply to a generated " + kind + " load (" + flagWhy[name]
                    + "); remove it or set it false.">
            </#if>
        </#if>
    </#list>
    <#list optionScope?keys as name>
        <#if loadOptDefined(name) && !optionScope[name]?seq_contains(kind)>
            <#stop "load option " + name + " does not apply to a generated " + kind + " load (it applies to "
                + optionScope[name]?join(", ") + "); remove it.">
        </#if>
    </#list>
    <#if loadOptDefined("OPT_SKIP_DUPLICATE_PREVENTION") && !["true", "false"]?seq_contains(loadOpt("OPT_SKIP_DUPLICATE_PREVENTION")?lower_case)>
        <#stop "load option OPT_SKIP_DUPLICATE_PREVENTION is '" + loadOpt("OPT_SKIP_DUPLICATE_PREVENTION") + "'; it takes true or false.">
    </#if>
    <#if loadOptDefined("OPT_HISTORIZED_BY_DATAHASH_AS_INSERT") && loadOpt("OPT_HISTORIZED_BY_DATAHASH_AS_INSERT")?lower_case != "true">
        <#stop "load option OPT_HISTORIZED_BY_DATAHASH_AS_INSERT is '" + loadOpt("OPT_HISTORIZED_BY_DATAHASH_AS_INSERT")
            + "': a generated " + kind + " load is always historized by datahash as insert; set it true or remove it (other historizations are not generated).">
    </#if>
    <#if skipDuplicatePrevention() && loadOpt("OPT_NOT_EXISTS_WHERE")?has_content>
        <#stop "load options OPT_SKIP_DUPLICATE_PREVENTION and OPT_NOT_EXISTS_WHERE cannot go together: without duplicate prevention the target is not read.">
    </#if>
    <#if skipDuplicatePrevention() && flag("OPT_SCAN_ONLY_THE_LATEST_BY_KEY")>
        <#stop "load options OPT_SKIP_DUPLICATE_PREVENTION and OPT_SCAN_ONLY_THE_LATEST_BY_KEY cannot go together: without duplicate prevention the target is not read, so there is no latest row to scan.">
    </#if>
    <#list ["OPT_WHERE", "OPT_NOT_EXISTS_WHERE"] as name>
        <#if loadOptDefined(name) && !loadOpt(name)?trim?has_content>
            <#stop "load option " + name + " is empty; give it a condition or remove it.">
        </#if>
    </#list>
    <#return true>
</#function>
<#-- OPT_AUDIT_HISTORY (Loadsmith's own option, not the commercial designer's): after the insert, one
     statement fails the load naming the keys whose rows break the target's invariants (lib/audit_history.ftl);
     the insert and the audit are one transaction where the dialect has multi-statement transactions. -->
<#function auditHistory>
    <#return flag("OPT_AUDIT_HISTORY") || loadOpt("OPT_AUDIT_HISTORY")?trim?lower_case == "full">
</#function>
<#-- The keys the audit reads: true audits the batch's keys (the mapped DV_HASHKEY of the source rows
     OPT_WHERE keeps, a superset of the keys the insert wrote); full audits the whole target. -->
<#function auditKeys>
    <#return flag("OPT_AUDIT_HISTORY")?then("\n" + keySelect("                ") + "\n            ", "")>
</#function>
<#assign auditTx = auditHistory() && (dialect.capabilities.multi_statement_transactions!true)>
<#assign auditWho = "generated " + kind + " load " + model.load.name>
<#-- Opens the audit's transaction (before the insert). -->
<#macro auditBegin>
<#if auditTx>
${fn.begin_transaction()};
</#if>
</#macro>
<#-- Closes it after the audit statement. -->
<#macro auditCommit>
<#if auditTx>
COMMIT;
</#if>
</#macro>
<#-- A true / false load option (checked by checkOptions) as a boolean; absent is false. -->
<#function flag name>
    <#return loadOpt(name)?trim?lower_case == "true">
</#function>
<#-- The key as a refusal shows it: its business key text when the key is a HASH_KEY, else the key's expression. -->
<#function keyTextOf keyMapping>
    <#if (keyMapping.transformationType!"") == "HASH_KEY">
        <#return loads.getTransformationForAttributes("BUSINESS_KEY", keyMapping.sourceAttributes, "s")>
    </#if>
    <#return loads.getTransformationForMapping(keyMapping, "s")>
</#function>
<#function skipDuplicatePrevention>
    <#return loadOpt("OPT_SKIP_DUPLICATE_PREVENTION")?lower_case == "true">
</#function>
<#-- " AND (<condition>)" of an SQL option, or nothing. -->
<#function andOption name>
    <#return loadOpt(name)?has_content?then("\n      AND (" + loadOpt(name) + ")", "")>
</#function>
<#-- The load time column and whether the mapping feeds it (else it is the run's: CURRENT_TS, rule 8). -->
<#function loadTimeExtra ltime>
    <#if isMapped(ltime)><#return []></#if>
    <#return [loads.getTransformationForAttributes("CURRENT_TS", []) + " AS " + ltime.sqlName]>
</#function>
<#-- The mapped select: every mapped target attribute (but those of the types in except) through its
     formula, plus extras, from the source (alias s), filtered by OPT_WHERE. -->
<#function mappedSelect extras=[] indent="" except=[]>
    <#local cols = transformations(mapping, "s", [], except) + extras>
    <#return indent + "SELECT " + cols?join(",\n" + indent + "    ") + "\n" + indent + "FROM " + sourceTable(mapping) + " s"
        + loadOpt("OPT_WHERE")?has_content?then("\n" + indent + "WHERE (" + loadOpt("OPT_WHERE") + ")", "")>
</#function>
<#-- The keys of the batch: the mapped DV_HASHKEY column alone, from the source filtered by OPT_WHERE. -->
<#function keySelect indent="">
    <#return indent + "SELECT " + transformations(mapping, "s", ["DV_HASHKEY"])?join(", ") + "\n" + indent + "FROM "
        + sourceTable(mapping) + " s" + loadOpt("OPT_WHERE")?has_content?then("\n" + indent + "WHERE (" + loadOpt("OPT_WHERE") + ")", "")>
</#function>
<#-- The target columns the generated insert writes: the mapped ones, plus the load time column when
     the run gives it (see loadTimeExtra). -->
<#function insertColumns loadTime="">
    <#return targetNames(mapping) + (loadTime?is_hash && !isMapped(loadTime))?then([loadTime.sqlName], [])>
</#function>
<#-- The mapped DV_RECORD_SOURCE target attribute as a list of none or one. -->
<#function mappedRecordSources>
    <#return target.attributes?filter(a -> (a.attributeType!"") == "DV_RECORD_SOURCE" && isMapped(a))>
</#function>
<#-- A HAVING condition true when a group holds two different values of the column: MIN <> MAX is a
     hash aggregate where COUNT(DISTINCT) sorts the batch (benchmark 15), and both ignore NULLs and
     compare under the column's collation alike; PostgreSQL has no MIN / MAX of BINARY, so a binary
     column keeps COUNT(DISTINCT). -->
<#function differentValues column attr>
    <#if (attr.datatype!"") == "BINARY"><#return "COUNT(DISTINCT " + column + ") > 1"></#if>
    <#return "MIN(" + column + ") <> MAX(" + column + ")">
</#function>
