<#--
  Shared helpers of the library's load templates (cdc_scd2, snapshot, scd_hybrid_rebuild, audit,
  truncate_insert, append, insert_new_by_datahash). A template includes this with
  <#include "/lib/load.ftl">. Engine differences come from dialect capabilities and fn snippets,
  never from dialect names.
-->
<#-- The names of a list of attributes. -->
<#function names attrs>
    <#local out = []>
    <#list attrs as a><#local out = out + [a.name]></#list>
    <#return out>
</#function>
<#-- The columns of a list of attributes as SQL writes them (attr.sqlName: quoted when the
     attribute is case-sensitive). Use these wherever a column is an identifier; names() for
     messages, literals and matching. -->
<#function sqlNames attrs>
    <#local out = []>
    <#list attrs as a><#local out = out + [a.sqlName]></#list>
    <#return out>
</#function>
<#-- Stops a template that does not yet write names in their SQL form when the target or one of
     its attributes is case-sensitive: writing such a name unquoted would make the engine fold it. -->
<#function refuseCaseSensitive template>
    <#local t = model.load.target>
    <#local flagged = t.attributes?filter(a -> a.caseSensitive)>
    <#if t.caseSensitive || flagged?has_content>
        <#stop template + " does not support case-sensitive names yet: the target " + t.schema + "." + t.name
            + (t.caseSensitive)?then(" is case-sensitive", " has case-sensitive attributes " + names(flagged)?join(", "))
            + "; clear caseSensitive or use scd2, append, truncate_insert or insert_new_by_datahash">
    </#if>
    <#return true>
</#function>
<#-- Case-insensitive membership of a column name in a list of names. -->
<#function hasName list name>
    <#list list as n><#if n?lower_case == name?lower_case><#return true></#if></#list>
    <#return false>
</#function>
<#-- The attribute named so (case-insensitive), or stop with a message naming the parameter. -->
<#function attrNamed attrs name parameter>
    <#list attrs as a><#if a.name?lower_case == name?lower_case><#return a></#if></#list>
    <#stop "parameter '" + parameter + "': the target " + model.load.target.schema + "." + model.load.target.name
        + " has no column '" + name + "' (its columns: " + names(attrs)?join(", ") + ")">
</#function>
<#-- Names prefixed with an alias: a.c1, a.c2 -->
<#function qual cols alias>
    <#local out = []>
    <#list cols as c><#local out = out + [alias?has_content?then(alias + ".", "") + c]></#list>
    <#return out?join(", ")>
</#function>
<#-- a.c1 = b.c1 AND a.c2 = b.c2 -->
<#function eqAll cols a b>
    <#local out = []>
    <#list cols as c><#local out = out + [a + "." + c + " = " + b + "." + c]></#list>
    <#return out?join(" AND ")>
</#function>
<#-- Null-safe "differs": NULL vs value differs, NULL vs NULL does not; from the capabilities. -->
<#function differs x y>
    <#if dialect.capabilities.is_distinct_from!false>
        <#return x + " IS DISTINCT FROM " + y>
    <#elseif dialect.capabilities.null_safe_equals_operator!false>
        <#return "NOT (" + x + " <=> " + y + ")">
    <#else>
        <#return "(CASE WHEN " + x + " = " + y + " OR (" + x + " IS NULL AND " + y + " IS NULL) THEN 0 ELSE 1 END = 1)">
    </#if>
</#function>
<#-- Any of the columns differs null-safely between aliases a and b (with optional name prefixes). -->
<#function anyDiffers cols a b bPrefix="">
    <#if cols?size == 0><#return "1 = 0"></#if>
    <#local out = []>
    <#list cols as c><#local out = out + [differs(a + "." + c, b + "." + bPrefix + c)]></#list>
    <#return "(" + out?join(" OR ") + ")">
</#function>
<#-- A SQL string literal, written the dialect's way (dialects/*.yaml string_literal). -->
<#function lit text>
    <#return fn.literal(text)>
</#function>
<#-- A SQL expression that renders the key as text: 'c1=' || value || ', c2=' || value -->
<#function keyText cols alias>
    <#local out = []>
    <#list cols as c>
        <#local out = out + [lit((c?is_first)?then("", ", ") + c + "=") + " || " + fn.nvl(fn.to_text(alias + "." + c), "'NULL'")]>
    </#list>
    <#return out?join(" || ")>
</#function>
<#-- The source relation: the `source` parameter if given, else the load's first source entity. -->
<#function sourceRelation>
    <#if source?? && source?has_content><#return source></#if>
    <#if model.load.sources?size == 0>
        <#stop "the load has no source entity; give the template a 'source' parameter (a table or view name)">
    </#if>
    <#local s = model.load.sources[0]>
    <#return s.schema + "." + s.sqlName>
</#function>
<#-- A statement that fails with the message (a SQL string expression over alias `bad`) when the
     query `offending` returns a row; it returns no row when all is well. The message must read a
     column of the offending row (bad.x): PostgreSQL and H2 fold a constant expression while they
     plan the statement, so a constant message would raise even when no row is offending. -->
<#function failIfAny offending message>
    <#if !message?contains("bad.")>
        <#stop "failIfAny: the message must depend on the offending row (read a column of alias bad), or the check raises on PostgreSQL and H2 with no offending row: " + message>
    </#if>
    <#return "SELECT " + fn.raise_error(message) + " AS load_check_failed\nFROM (\n" + offending + "\n    LIMIT 1\n) bad">
</#function>
<#-- ===== snapshot / cdc_scd2 helpers: open end, tracked columns ===== -->
<#-- A version's end (NULL while open) written under the convention: the open end when NULL. -->
<#function endUnder expr convention type>
    <#if convention == "null"><#return expr></#if>
    <#return fn.nvl(expr, openEnd(convention, type))>
</#function>
<#-- A VALID_TO column read back as NULL while the version is open, whatever the convention. -->
<#function endOrNull column convention type>
    <#if convention == "null"><#return column></#if>
    <#return "NULLIF(" + column + ", " + openEnd(convention, type) + ")">
</#function>
<#-- ===== end of snapshot / cdc_scd2 helpers ===== -->
<#-- History templates' open-end convention (their `open_end` parameter, values null | far_future):
     the open version's VALID_TO is NULL, or the far-future timestamp 9999-12-31 00:00:00. -->
<#function openEnd convention type>
    <#if convention == "null"><#return "CAST(NULL AS " + type + ")"></#if>
    <#return "CAST(" + lit("9999-12-31 00:00:00") + " AS " + type + ")">
</#function>
<#-- A condition that holds for the open version's VALID_TO column (or expression) under the convention. -->
<#function isOpen column convention type>
    <#if convention == "null"><#return column + " IS NULL"></#if>
    <#return column + " = " + openEnd(convention, type)>
</#function>
