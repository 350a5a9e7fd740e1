<#--
  scd2, portable variant for engines whose MERGE follows SQL:2016 strictly (PostgreSQL, DuckDB, H2).
  Same logic and inputs as default.ftl (the seed's template); differences:
    - COALESCE (fn.nvl) instead of IFNULL;
    - UPDATE SET names bare target columns unless the dialect allows qualified ones;
    - INSERT VALUES take src.-qualified columns (H2 finds bare names ambiguous);
    - the validity columns are named from the model everywhere (the seed hard-codes
      validity_status and valid_to in three places).

  Inputs
    parameter temp_table_prefix (IDENTIFIER, required): the temp table is
      <target_schema>.<prefix><target_entity_name>, holding the latest source rows with the
      business attributes, the DV_HASHKEY attribute and the VALID_FROM attribute.
  Required attribute types of the target: SCD_ID, DV_HASHKEY, DV_DATAHASH, VALID_FROM, VALID_TO,
    VALIDITY_STATUS.
  Indexes the MERGE benefits from: (DV_HASHKEY, VALIDITY_STATUS) on the target.
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
MERGE INTO <target_schema>.<target_entity_name> trg USING (
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
    ) versions
) src
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
)
