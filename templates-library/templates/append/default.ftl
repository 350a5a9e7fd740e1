<#--
  append: insert every source row into the target.
  Inputs
    parameter source (IDENTIFIER, optional): the source relation; default the load's first source entity.
    Source shape: a column for every target attribute, by name.
    Required attribute types: none.
  Semantics
    Plain INSERT ... SELECT; no deduplication: a rerun of the same batch appends it again
    (use insert_new_by_datahash for idempotent loads).
-->
<#include "/lib/load.ftl">
<#assign target = model.load.target>
<#assign cols = sqlNames(target.attributes)>
INSERT INTO ${target.schema}.${target.sqlName} (${cols?join(", ")})
SELECT ${qual(cols, "s")}
FROM ${sourceRelation()} s;
