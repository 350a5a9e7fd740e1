<#--
  generated_stage: the main step of a STAGE load generated from its one entity mapping (no parameters).
  Inputs: the mapping (every mapped target attribute through its formula); option OPT_WHERE.
  Semantics (rule 7): the stage table holds exactly this run's rows: DELETE + INSERT of the mapped
  select in one transaction (INSERT OVERWRITE without multi-statement transactions).
-->
<#include "/lib/dv.ftl">
<#assign ok = checkOptions() && checkHashParts()>
<#assign cols = insertColumns()>
<#if dialect.capabilities.multi_statement_transactions!true>
${fn.begin_transaction()};
DELETE FROM ${targetTable} WHERE 1 = 1;
INSERT INTO ${targetTable} (${cols?join(", ")})
${mappedSelect()};
COMMIT;
<#elseif dialect.capabilities.insert_overwrite!false>
INSERT OVERWRITE TABLE ${targetTable} (${cols?join(", ")})
${mappedSelect()};
<#else>
-- This engine has neither transactions nor INSERT OVERWRITE: readers may see the stage empty.
DELETE FROM ${targetTable} WHERE 1 = 1;
INSERT INTO ${targetTable} (${cols?join(", ")})
${mappedSelect()};
</#if>
