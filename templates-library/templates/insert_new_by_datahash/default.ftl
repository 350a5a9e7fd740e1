<#--
  insert_new_by_datahash: persistent staging area (PSA) load.
  Inputs
    parameter key_columns (IDENTIFIER_LIST, required): the business key columns.
    parameter source (IDENTIFIER, optional): the source relation; default the load's first source entity.
    Required attribute types: DV_DATAHASH (the hash column, computed here; the source need not have it).
    Source shape: a column for every other target attribute, by name.
  Semantics
    - The data hash is REFERENCE_HASH_DIFF over the target attributes that have no attribute type
      and are not key columns (technical columns such as a load timestamp are not hashed).
    - A source row is inserted when no target row of the same key has the same data hash and the
      same hashed values, compared null-safely (any version, not only the latest: a key returning
      to an earlier state is not inserted again). Comparing the values as well as the hash keeps
      rows whose hashes collide apart: the seed's hash joins values with '~' and writes NULL as
      '-1', so 'a~b','c' and 'a','b~c' hash alike, as do NULL and '-1'.
    - Rows identical in key and hashed values within one batch are inserted once; rows of one batch
      whose hashes collide but whose values differ are each inserted.
    - Rerunning the same batch inserts nothing.
-->
<#include "/lib/load.ftl">
<#assign target = model.load.target>
<#assign hashAttr = loads.getAttributeForType(target.attributes, "DV_DATAHASH")>
<#-- key_columns resolve to their attributes, so a case-sensitive key is written quoted -->
<#assign K = []><#list key_columns as k><#assign K = K + [attrNamed(target.attributes, k, "key_columns").sqlName]></#list>
<#assign hashed = target.attributes?filter(a -> !(a.attributeType?has_content) && !hasName(key_columns, a.name))>
<#assign others = sqlNames(target.attributes?filter(a -> a.name != hashAttr.name))>
<#assign H = hashAttr.sqlName>
<#-- A batch's duplicates are the same key, hash and hashed values: the hash alone would fold colliding rows into one. -->
<#assign DUP = qual(K, "h") + ", h." + H + (hashed?size > 0)?then(", " + qual(sqlNames(hashed), "h"), "")>
<#-- The batch's rows with their hash, and whether no target row already holds them. -->
<#macro withHash>(
        SELECT
            ${qual(others, "s")}
            , ${loads.getTransformationForAttributes("REFERENCE_HASH_DIFF", hashed, "s")} AS ${H}
        FROM ${sourceRelation()} s
    ) h</#macro>
<#macro notInTarget>
    WHERE NOT EXISTS (
        SELECT 1
        FROM ${target.schema}.${target.sqlName} t
        WHERE ${eqAll(K, "t", "h")}
            AND t.${H} = h.${H}
            -- the hash joins values with a tilde and writes NULL as -1: compare the columns too
            AND NOT ${anyDiffers(sqlNames(hashed), "t", "h")}
    )</#macro>
INSERT INTO ${target.schema}.${target.sqlName} (${others?join(", ")}, ${H})
<#if dialect.capabilities.distinct_on!false>
<#-- One row per duplicate with DISTINCT ON: a hash aggregate where the engine has it, instead of
     a sorted window and a filter (DuckDB at 10 % new rows, docs/benchmarks.md table 9). -->
SELECT DISTINCT ON (${DUP}) ${qual(others, "h")}, h.${H}
FROM <@withHash/>
<@notInTarget/>;
<#else>
SELECT ${others?join(", ")}, ${H}
FROM (
    SELECT
        h.*
        , ROW_NUMBER() OVER (PARTITION BY ${DUP} ORDER BY ${qual(K, "h")}) AS rn
    FROM <@withHash/>
<@notInTarget/><#nt>
) n
WHERE rn = 1;
</#if>
