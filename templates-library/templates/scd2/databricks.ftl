<#--
  scd2, Databricks / Spark variant. Same logic, inputs and output as default.ftl (the seed's
  template), staged in three statements: open-source Delta Lake refuses a MERGE whose source reads
  the MERGE's own target ("Table does not support reads"), so the rows to merge are first written
  to a work table, then merged, then the work table is dropped. Databricks runs this as well.

  Inputs
    parameter temp_table_prefix (IDENTIFIER, required): the temp table is
      <target_schema>.<prefix><target_entity_name>, holding the latest source rows with the
      business attributes, the DV_HASHKEY attribute and the VALID_FROM attribute.
  Required attribute types of the target: SCD_ID, DV_HASHKEY, DV_DATAHASH, VALID_FROM, VALID_TO,
    VALIDITY_STATUS.
  Work table: <target_schema>.Z_SCD2_MERGE_<target_entity_name> (replaced on each run).
-->
<#assign target = model.load.target>
<#assign targetScdId = loads.getAttributeForType(target.attributes, "SCD_ID")>
<#assign targetId = loads.getAttributeForType(target.attributes, "DV_HASHKEY")>
<#assign targetHash = loads.getAttributeForType(target.attributes, "DV_DATAHASH")>
<#assign targetValidFrom = loads.getAttributeForType(target.attributes, "VALID_FROM")>
<#assign targetValidTo = loads.getAttributeForType(target.attributes, "VALID_TO")>
<#assign targetValidityStatus = loads.getAttributeForType(target.attributes, "VALIDITY_STATUS")>
<#assign scdIdAttributes = target.attributes?filter(attr -> ["DV_HASHKEY", "VALID_FROM"]?seq_contains(attr.attributeType!))>
<#assign targetAttributesFiltered = target.attributes?filter(attr -> !["SCD_ID", "DV_DATAHASH", "VALID_FROM", "VALID_TO", "VALIDITY_STATUS"]?seq_contains(attr.attributeType!))>
<#assign setTarget = dialect.capabilities.merge_update_qualified?then("trg.", "")>
DROP TABLE IF EXISTS <target_schema>.Z_SCD2_MERGE_<target_entity_name>;
CREATE TABLE <target_schema>.Z_SCD2_MERGE_<target_entity_name> AS
    WITH src_tmp AS (
        -- Changed data from source temp table
        SELECT
            *
        FROM (
            SELECT
                <@sql.generateEntityAttributeList attributes = targetAttributesFiltered indentation = 4/>
                , ${loads.getTransformationForAttributes("REFERENCE_HASH_KEY", scdIdAttributes)} AS ${targetScdId.name}
                , ${loads.getTransformationForAttributes("REFERENCE_HASH_DIFF", targetAttributesFiltered)} AS ${targetHash.name}
                , ${targetValidFrom.name}
                , CAST(NULL AS ${targetValidTo.physicalDatatype}) AS ${targetValidTo.name}
                , CAST(NULL AS ${targetValidityStatus.physicalDatatype}) AS ${targetValidityStatus.name}
            FROM
                <target_schema>.${temp_table_prefix}<target_entity_name>
        ) src
        WHERE
            NOT EXISTS (
                SELECT
                    1
                FROM
                    <target_schema>.<target_entity_name> trg
                WHERE
                    trg.${targetValidityStatus.name} = 1
                    AND trg.${targetId.name} = src.${targetId.name}
                    AND trg.${targetHash.name} = src.${targetHash.name}
            )
    )
    -- Rows to be merged
    SELECT
        <@sql.generateEntityAttributeList
            attributes = target.attributes?filter(attr -> !["VALID_TO", "VALIDITY_STATUS"]?seq_contains(attr.attributeType!))
            indentation = 2
        />
        -- valid_to is the valid_from of the next version (by ID), or the end of time
        , ${fn.nvl("LEAD(" + targetValidFrom.name + ") OVER (PARTITION BY " + targetId.name + " ORDER BY " + targetValidFrom.name + ")", fn.end_of_time(targetValidTo.physicalDatatype))} AS ${targetValidTo.name}
        -- Only the latest version (by ID) is valid
        , CASE
            WHEN LEAD(${targetValidFrom.name}) OVER (PARTITION BY ${targetId.name} ORDER BY ${targetValidFrom.name}) IS NULL
            THEN 1
            ELSE 0
        END AS ${targetValidityStatus.name}
    FROM (
        -- Current target rows of the keys that changed
        SELECT
            <@sql.generateEntityAttributeList attributes = target.attributes indentation = 3/>
        FROM
            <target_schema>.<target_entity_name> trg
        WHERE
            trg.${targetValidityStatus.name} = 1
            AND EXISTS (
                SELECT
                    1
                FROM
                    src_tmp
                WHERE
                    trg.${targetId.name} = src_tmp.${targetId.name}
            )
        -- Union all changed data from source
        UNION ALL
        SELECT
            <@sql.generateEntityAttributeList attributes = target.attributes indentation = 3/>
        FROM
            src_tmp
    ) versions;
MERGE INTO <target_schema>.<target_entity_name> trg USING <target_schema>.Z_SCD2_MERGE_<target_entity_name> src
ON (
    trg.${targetId.name} = src.${targetId.name}
    AND trg.${targetHash.name} = src.${targetHash.name}
    AND trg.${targetValidFrom.name} = src.${targetValidFrom.name}
)
WHEN MATCHED THEN UPDATE SET
    ${setTarget}${targetValidTo.name} = src.${targetValidTo.name}
    , ${setTarget}${targetValidityStatus.name} = src.${targetValidityStatus.name}
WHEN NOT MATCHED THEN INSERT (
    <@sql.generateEntityAttributeList attributes = target.attributes indentation = 1/>
)
VALUES (
    <#list target.attributes as attr>src.${attr.name}<#sep>
    , </#sep></#list>
);
DROP TABLE IF EXISTS <target_schema>.Z_SCD2_MERGE_<target_entity_name>
