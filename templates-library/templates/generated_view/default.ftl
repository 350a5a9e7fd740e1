<#--
  generated_view: the main step of a TRANSFORM_SQL_VIEW load (target of physical type VIEW, any
  entity type without a view template of its own) generated from its one entity mapping.
  Inputs: the mapping; option OPT_WHERE.
  Semantics: CREATE OR REPLACE VIEW of the mapped select, its columns named as the target attributes.
-->
<#include "/lib/dv.ftl">
<#assign kind = "VIEW">
<#assign ok = checkOptions() && checkHashParts()>
${fn.create_or_replace_view(targetTable)}
${mappedSelect()};
