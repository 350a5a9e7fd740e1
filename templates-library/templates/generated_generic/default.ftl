<#--
  generated_generic: the main step of a GENERIC load generated from its one entity mapping (no parameters).
  Inputs: the mapping (every mapped target attribute through its formula); option OPT_WHERE.
  Semantics: INSERT of the mapped select; no deduplication (a rerun inserts the rows again).
-->
<#include "/lib/dv.ftl">
<#assign ok = checkOptions() && checkHashParts()>
<#assign cols = insertColumns()>
INSERT INTO ${targetTable} (${cols?join(", ")})
${mappedSelect()};
