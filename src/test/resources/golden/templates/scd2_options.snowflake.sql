/* 1. step_1 (OVERRIDE - SQL) */
-- Duplicate keys in the temp table stop the load before any write; the message names the business key.
SELECT CAST('scd2 load load_d_vessel_scd2: the source publish.Z_TMP_D_VESSEL_SCD2 has several rows for one business key (mmsi_key); example: ' || 'mmsi_key=' || NVL(CAST(bad.mmsi_key AS VARCHAR), 'NULL') || '. Give the source one row per key.' AS INTEGER) AS load_check_failed
FROM (
    SELECT s.mmsi_key FROM publish.Z_TMP_D_VESSEL_SCD2 s WHERE s.vessel_id IN (SELECT d.vessel_id FROM publish.Z_TMP_D_VESSEL_SCD2 d GROUP BY d.vessel_id HAVING COUNT(*) > 1)
    LIMIT 1
) bad;
MERGE INTO publish.D_VESSEL_SCD2 trg USING (
    WITH src_tmp AS (
        -- Changed data from source temp table
        SELECT
            *
        FROM (
            SELECT
                vessel_id
                , mmsi_key
                , vessel_name
                , vessel_type_code
                , vessel_type
                , country_code
                , country
                , source_system
                , MD5(UPPER(NVL(NULLIF(TRIM(vessel_id), ''), '-1') || '~' || NVL(TO_VARCHAR(valid_from, 'YYYY-MM-DDTHH24:MI:SS.FF6'), '-1'))) AS vessel_scd_id
                , MD5(NVL(CAST(mmsi_key AS VARCHAR), '-1') || '~' || NVL(vessel_name, '-1') || '~' || NVL(CAST(vessel_type_code AS VARCHAR), '-1') || '~' || NVL(country_code, '-1') || '~' || NVL(country, '-1')) AS datahash
                , valid_from
                , CAST(null AS TIMESTAMP) AS valid_to
                , CAST(null AS TINYINT) AS validity_status
            FROM
                publish.Z_TMP_D_VESSEL_SCD2

        ) src
        WHERE
            NOT EXISTS (
                SELECT
                    1
                FROM
                    publish.D_VESSEL_SCD2 trg
                WHERE
                    trg.validity_status = 1
                    AND trg.vessel_id = src.vessel_id
                    AND trg.datahash = src.datahash
            )
    )
    -- Rows to be merged
    SELECT
        vessel_scd_id
        , vessel_id
        , datahash
        , valid_from
        , mmsi_key
        , vessel_name
        , vessel_type_code
        , vessel_type
        , country_code
        , country
        , source_system
        -- valid_to is the valid_from of the next version (by ID), NULL on the open version
        , LEAD(valid_from) OVER (PARTITION BY vessel_id ORDER BY valid_from) AS valid_to
        -- Only the latest version (by ID) is valid
        , CASE
            WHEN LEAD(valid_from) OVER (PARTITION BY vessel_id ORDER BY valid_from) IS NULL
            THEN 1
            ELSE 0
        END AS validity_status
    FROM (
        -- Select rows from the target entity that require validity updates
        SELECT
            vessel_scd_id
            , vessel_id
            , datahash
            , valid_from
            , valid_to
            , validity_status
            , mmsi_key
            , vessel_name
            , vessel_type_code
            , vessel_type
            , country_code
            , country
            , source_system
        FROM
            publish.D_VESSEL_SCD2 trg
        WHERE
            trg.validity_status = 1
            AND EXISTS (
                SELECT
                    1
                FROM
                    src_tmp
                WHERE
                    trg.vessel_id = src_tmp.vessel_id
            )
        -- Union all changed data from source
        UNION ALL
        SELECT
            vessel_scd_id
            , vessel_id
            , datahash
            , valid_from
            , valid_to
            , validity_status
            , mmsi_key
            , vessel_name
            , vessel_type_code
            , vessel_type
            , country_code
            , country
            , source_system
        FROM
            src_tmp
        -- Current versions whose untracked (SCD1) columns changed: updated in place
        UNION ALL
        SELECT
            trg.vessel_scd_id
            , trg.vessel_id
            , trg.datahash
            , trg.valid_from
            , trg.valid_to
            , trg.validity_status
            , trg.mmsi_key
            , trg.vessel_name
            , trg.vessel_type_code
            , s.vessel_type
            , trg.country_code
            , trg.country
            , s.source_system
        FROM
            publish.D_VESSEL_SCD2 trg
            JOIN (
            SELECT
                vessel_id
                , mmsi_key
                , vessel_name
                , vessel_type_code
                , vessel_type
                , country_code
                , country
                , source_system
                , MD5(UPPER(NVL(NULLIF(TRIM(vessel_id), ''), '-1') || '~' || NVL(TO_VARCHAR(valid_from, 'YYYY-MM-DDTHH24:MI:SS.FF6'), '-1'))) AS vessel_scd_id
                , MD5(NVL(CAST(mmsi_key AS VARCHAR), '-1') || '~' || NVL(vessel_name, '-1') || '~' || NVL(CAST(vessel_type_code AS VARCHAR), '-1') || '~' || NVL(country_code, '-1') || '~' || NVL(country, '-1')) AS datahash
                , valid_from
                , CAST(null AS TIMESTAMP) AS valid_to
                , CAST(null AS TINYINT) AS validity_status
            FROM
                publish.Z_TMP_D_VESSEL_SCD2

            ) s ON s.vessel_id = trg.vessel_id AND s.datahash = trg.datahash
        WHERE
            trg.validity_status = 1
            AND (trg.vessel_type IS DISTINCT FROM s.vessel_type OR trg.source_system IS DISTINCT FROM s.source_system)
    )
    -- Current versions of keys missing from the complete input: closed at the run time
    UNION ALL
    SELECT
        vessel_scd_id
        , vessel_id
        , datahash
        , valid_from
        , mmsi_key
        , vessel_name
        , vessel_type_code
        , vessel_type
        , country_code
        , country
        , source_system
        , CAST(CURRENT_TIMESTAMP AS TIMESTAMP) AS valid_to
        , 0 AS validity_status
    FROM
        publish.D_VESSEL_SCD2 trg
    WHERE
        trg.validity_status = 1
        AND NOT EXISTS (SELECT 1 FROM publish.Z_TMP_D_VESSEL_SCD2 s WHERE s.vessel_id = trg.vessel_id)

) src
ON (
    trg.vessel_id = src.vessel_id
    AND trg.datahash = src.datahash
    AND trg.valid_from = src.valid_from
)
WHEN MATCHED THEN UPDATE SET
    trg.valid_to = src.valid_to
    , trg.validity_status = src.validity_status
    , trg.vessel_type = src.vessel_type
    , trg.source_system = src.source_system
WHEN NOT MATCHED THEN INSERT (
    vessel_scd_id
    , vessel_id
    , datahash
    , valid_from
    , valid_to
    , validity_status
    , mmsi_key
    , vessel_name
    , vessel_type_code
    , vessel_type
    , country_code
    , country
    , source_system
)
VALUES (
    vessel_scd_id
    , vessel_id
    , datahash
    , valid_from
    , valid_to
    , validity_status
    , mmsi_key
    , vessel_name
    , vessel_type_code
    , vessel_type
    , country_code
    , country
    , source_system
);
