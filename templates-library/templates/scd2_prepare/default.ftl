<#--
  scd2_prepare: the scd2 template's input, made from a source table.
  Inputs
    temp_table_prefix (IDENTIFIER, default Z_TMP_): the temp table is <target_schema>.<prefix><target_entity_name>.
    business_key (IDENTIFIER_LIST, default the attributes of type BUSINESS_KEY, else the first
      business column): the DV_HASHKEY is HASH_KEY of these columns, read from the source.
    valid_from (SQL, default CURRENT_TIMESTAMP): the VALID_FROM of the rows, an expression over src.
    action (create | drop, default create): drop only drops the temp table, in the dialect's form (the
      step after the scd2 call); it reads no source.
    source (IDENTIFIER, default the load's first source entity): the source relation.
    Source shape: a column for every target attribute that scd2 reads from its temp table (every
    attribute but SCD_ID, DV_HASHKEY, DV_DATAHASH, VALID_FROM, VALID_TO and VALIDITY_STATUS), by name.
    Required attribute types of the target: DV_HASHKEY, VALID_FROM (and scd2's own).
  Semantics
    Drops the temp table if it is there and creates it as SELECT from the source: the columns scd2
    reads, in the target's order. Rows are taken as they are; scd2's check_duplicates refuses several
    rows for one key.
-->
<#include "/lib/load.ftl">
<#assign TEMP = "<target_schema>." + temp_table_prefix + "<target_entity_name>">
<#if action == "drop">
${dropTableIfExists(TEMP)};
<#else>
<#assign target = model.load.target>
<#assign targetId = loads.getAttributeForType(target.attributes, "DV_HASHKEY")>
<#assign targetValidFrom = loads.getAttributeForType(target.attributes, "VALID_FROM")>
<#-- What scd2 reads from its temp table: every attribute but its technical ones, DV_HASHKEY included. -->
<#assign technicalTypes = {"SCD_ID": true, "DV_HASHKEY": true, "DV_DATAHASH": true, "VALID_FROM": true, "VALID_TO": true, "VALIDITY_STATUS": true}>
<#assign carried = target.attributes?filter(a -> !technicalTypes[a.attributeType!]??)>
<#if carried?size == 0>
    <#stop "the target " + target.schema + "." + target.name + " has no business column (an attribute without an attribute type) to read from the source">
</#if>
<#assign keyAttrs = []>
<#list business_key as k><#assign keyAttrs = keyAttrs + [attrNamed(target.attributes, k, "business_key")]></#list>
<#if keyAttrs?size == 0><#assign keyAttrs = target.attributes?filter(a -> (a.attributeType!"") == "BUSINESS_KEY")></#if>
<#if keyAttrs?size == 0><#assign keyAttrs = [carried[0]]></#if>
<#assign body>
SELECT
    ${loads.getTransformationForAttributes("HASH_KEY", keyAttrs, "src")} AS ${targetId.sqlName}
<#list carried as a>
    , src.${a.sqlName}
</#list>
    , CAST(${valid_from} AS ${targetValidFrom.physicalDatatype}) AS ${targetValidFrom.sqlName}
FROM
    ${sourceRelation()} src</#assign>
${dropTableIfExists(TEMP)};
${createTableAs(TEMP, body)};
</#if>
