<#--
  truncate_insert: replace the target's rows with the source's.
  Inputs
    parameter source (IDENTIFIER, optional): the source relation; default the load's first source entity.
    Source shape: a column for every target attribute, by name (extra source columns are ignored).
    Required attribute types: none.
  Semantics
    DELETE + INSERT in one transaction: if the INSERT fails the target keeps its old rows.
    (A DELETE rather than TRUNCATE, which commits implicitly on several engines.) Without the
    multi_statement_transactions capability: INSERT OVERWRITE where the dialect has it.
-->
<#include "/lib/load.ftl">
<#assign target = model.load.target>
<#assign t = target.schema + "." + target.sqlName>
<#assign cols = sqlNames(target.attributes)>
<#if dialect.capabilities.multi_statement_transactions!true>
${fn.begin_transaction()};
DELETE FROM ${t} WHERE 1 = 1;
INSERT INTO ${t} (${cols?join(", ")})
SELECT ${qual(cols, "s")}
FROM ${sourceRelation()} s;
COMMIT;
<#elseif dialect.capabilities.insert_overwrite!false>
INSERT OVERWRITE TABLE ${t}
SELECT ${qual(cols, "s")}
FROM ${sourceRelation()} s;
<#else>
-- This engine has neither transactions nor INSERT OVERWRITE: readers may see the target empty.
DELETE FROM ${t} WHERE 1 = 1;
INSERT INTO ${t} (${cols?join(", ")})
SELECT ${qual(cols, "s")}
FROM ${sourceRelation()} s;
</#if>
