<#--
  audit: one data audit; the statement raises an error (fn.raise_error) when there is an
  offending row, so the load stops there. Put audit steps between building the delta / work table
  and changing the target, and the target stays unchanged when an audit fails.
  Inputs
    parameter table (IDENTIFIER, required): the audited relation.
    parameter type (STRING, a word, required):
      not_null        columns (IDENTIFIER_LIST, required): no row may have NULL in any of them.
      unique          columns (IDENTIFIER_LIST, required): the grain; no two rows may share it (NULLs count as a value group).
      accepted_values columns (one column), values (TEXT_LIST, each a literal): non-NULL values must be among values
                      (compared as text, so 1 and '1' are the same).
      custom          query (SQL, required): a query that returns the offending rows.
    parameter name (TEXT, optional, a literal): the audit's name in messages.
    Required attribute types: none.
  Semantics
    The error text says which audit failed on which table and shows one example row (key values).
-->
<#include "/lib/load.ftl">
<#assign cols = columns![]>
<#-- The audited columns as SQL writes them: a column of the target or of a source resolves to its
     attribute's SQL form (quoted when case-sensitive); another is written as given. cols stay the
     plain names for the messages. -->
<#assign known = model.load.target.attributes>
<#list model.load.sources as s><#assign known = known + s.attributes></#list>
<#assign colsSql = []><#list cols as c><#assign colsSql = colsSql + [sqlNameOf(known, c)]></#list>
<#-- The error message as a SQL string expression; name is TEXT, so it arrives as a literal. -->
<#function what text>
    <#if name??>
        <#return lit("audit ") + cat + name + cat + lit(" on " + table + " failed: " + text)>
    </#if>
    <#return lit("audit " + type + " on " + table + " failed: " + text)>
</#function>
<#if ["not_null", "unique", "accepted_values"]?seq_contains(type) && cols?size == 0>
    <#stop "parameter 'columns': the " + type + " audit needs the columns it checks">
</#if>
<#if type == "not_null">
<#assign nullTests = []><#list colsSql as c><#assign nullTests = nullTests + ["a." + c + " IS NULL"]></#list>
${failIfAny("    SELECT a.* FROM " + table + " a WHERE " + nullTests?join(" OR "),
    what("a NULL in " + cols?join(" or ") + " (fix the source or the load so that these columns are always set); example row: ") + cat + keyTextSql(cols, colsSql, "bad"))};
<#elseif type == "unique">
${failIfAny("    SELECT " + qual(colsSql, "a") + ", COUNT(*) AS duplicate_rows FROM " + table + " a GROUP BY " + qual(colsSql, "a") + " HAVING COUNT(*) > 1",
    what("duplicate rows at the grain (" + cols?join(", ") + "); example: ") + cat + keyTextSql(cols, colsSql, "bad") + cat + lit(" occurs ") + cat + fn.to_text("bad.duplicate_rows") + cat + lit(" times. Deduplicate the input at this grain."))};
<#elseif type == "accepted_values">
<#if cols?size != 1><#stop "parameter 'columns': the accepted_values audit checks exactly one column, not " + cols?size></#if>
<#if !(values??) || values?size == 0><#stop "parameter 'values': the accepted_values audit needs the accepted values"></#if>
<#assign c = colsSql[0]>
${failIfAny("    SELECT a." + c + " FROM " + table + " a WHERE a." + c + " IS NOT NULL AND " + fn.to_text("a." + c) + " NOT IN (" + values?join(", ") + ")",
    what(cols[0] + " has a value outside (" + values?join(", ") + "): ") + cat + fn.to_text("bad." + c))};
<#elseif type == "custom">
<#if !(query?? && query?has_content)><#stop "parameter 'query': the custom audit needs a query returning the offending rows"></#if>
<#-- The message names the count of offending rows: a message that is a constant would be evaluated
     (and raise) while PostgreSQL and H2 plan the statement, even when the query returns nothing. -->
${failIfAny("    SELECT COUNT(*) AS offending_rows FROM (\n" + query?trim?remove_ending(";") + "\n    ) q HAVING COUNT(*) > 0",
    what("the audit query returned offending rows: ") + cat + fn.to_text("bad.offending_rows"))};
<#else>
<#stop "parameter 'type': '" + type + "' is not an audit type; use not_null, unique, accepted_values or custom">
</#if>
