<#--
  Shared helpers of the library's load templates (cdc_scd2, snapshot, scd_hybrid_rebuild, audit,
  truncate_insert, append, insert_new_by_datahash). A template includes this with
  <#include "/lib/load.ftl">. Engine differences come from dialect capabilities and fn snippets,
  never from dialect names.
-->
<#-- The string concatenation operator with its spaces (|| or T-SQL's +): write `a + cat + b` in templates. -->
<#assign cat = fn.concat_op()>
<#-- ===== Statement forms that differ by engine (dialects/*.yaml functions and capabilities) ===== -->
<#-- CREATE TABLE name AS the query (ctes, a WITH clause or "", then body). Where the dialect lacks
     create_table_as the table is made by SELECT … INTO from the body as a derived table, and the
     WITH clause goes in front of that statement (T-SQL allows no WITH inside a derived table). -->
<#function createTableAs name body ctes="">
    <#if dialect.capabilities.create_table_as!true>
        <#return fn.table_from_query(name, ctes + body)>
    </#if>
    <#return ctes + fn.table_from_query(name, body)>
</#function>
<#function dropTableIfExists name>
    <#return fn.drop_table_if_exists(name)>
</#function>
<#-- CREATE TABLE name (columns) unless it exists. -->
<#function createTableIfMissing name columns>
    <#return fn.create_table_if_missing(name, columns)>
</#function>
<#-- The alias as written before a column (trg.c), replaced by the table's name: for engines whose
     statement takes no alias for its target (Redshift's DELETE and MERGE). Not inside a longer name
     (xtrg.c) nor after a qualifier (s.trg.c). -->
<#function unalias text alias table>
    <#-- RE2 (fn.regex_*, linear time) has no look-behind: the character before the alias is group 1, kept. -->
    <#return fn.regex_replace(text, r'(^|[^A-Za-z0-9_."\]`])\Q' + alias + r'\E\.', "$1" + table + ".")>
</#function>
<#-- DELETE the rows of table (under alias in condition) that meet the condition. -->
<#function deleteWhere table alias condition>
    <#if dialect.capabilities.delete_alias!true>
        <#return fn.delete_aliased(table, alias, condition)>
    </#if>
    <#return "DELETE FROM " + table + " WHERE " + unalias(condition, alias, table)>
</#function>
<#-- Stops the generation when the dialect lacks a capability that `what` (a template, an option)
     cannot do without, naming the dialect and the capability. -->
<#macro requires capability what>
    <#if !(dialect.capabilities[capability]!false)>
        <#stop what + " needs the capability " + capability + ", which the dialect " + dialect.name + " (" + dialect.label + ") lacks; choose another template or dialect">
    </#if>
</#macro>
<#-- ===== end of statement forms ===== -->
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
<#-- anyDiffers over attributes, against the previous row's values under aliases bPrefix + plain
     name (b._p_userId: a derived alias is written unquoted from the plain name, where made and read). -->
<#function anyDiffersPrevious attrs a b bPrefix>
    <#if attrs?size == 0><#return "1 = 0"></#if>
    <#local out = []>
    <#list attrs as at><#local out = out + [differs(a + "." + at.sqlName, b + "." + bPrefix + at.name)]></#list>
    <#return "(" + out?join(" OR ") + ")">
</#function>
<#-- A SQL string literal, written the dialect's way (dialects/*.yaml string_literal). -->
<#function lit text>
    <#return fn.literal(text)>
</#function>
<#-- A SQL expression that renders the key as text: 'c1=' || value || ', c2=' || value -->
<#function keyText cols alias>
    <#return keyTextSql(cols, cols, alias)>
</#function>
<#-- keyText with the label (plain names) and the column (SQL forms) apart: 'userId=' || a."userId" -->
<#function keyTextSql labels cols alias>
    <#local out = []>
    <#list cols as c>
        <#local out = out + [lit((c?is_first)?then("", ", ") + labels[c?index] + "=") + cat + fn.nvl(fn.to_text(alias + "." + c), "'NULL'")]>
    </#list>
    <#return out?join(cat)>
</#function>
<#-- The SQL form of a column named by a parameter: the attribute of that name (case-insensitive)
     among attrs when it is case-sensitive, else the name as given (unflagged: as before; a column of a
     relation the model does not describe: as written). -->
<#function sqlNameOf attrs name>
    <#list attrs as a><#if a.name?lower_case == name?lower_case><#return a.caseSensitive?then(a.sqlName, name)></#if></#list>
    <#return name>
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
    <#if !(dialect.capabilities.select_limit!true)>
        <#return "SELECT " + fn.raise_error(message) + " AS load_check_failed\nFROM (\n    SELECT TOP 1 * FROM (\n" + offending + "\n    ) o\n) bad">
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
