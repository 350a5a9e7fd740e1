/* 1. step_1 (OVERRIDE - SQL) */
DROP TABLE IF EXISTS publish.Z_TMP_D_VESSEL_SCD2;
CREATE TABLE publish.Z_TMP_D_VESSEL_SCD2 AS
SELECT
    LOWER(CONVERT(VARCHAR(32), HASHBYTES('MD5', UPPER(COALESCE(NULLIF(LTRIM(RTRIM(CAST(src.mmsi_key AS VARCHAR(4000)))), ''), '-1'))), 2)) AS vessel_id
    , src.mmsi_key
    , src.vessel_name
    , src.vessel_type_code
    , src.vessel_type
    , src.country_code
    , src.country
    , src.source_system
    , CAST(CURRENT_TIMESTAMP AS DATETIME2(6)) AS valid_from
FROM
    staging.vessel_register src;

/* 2. step_2 (OVERRIDE - SQL) */
-- Duplicate keys in the temp table stop the load before any write.
SELECT CAST('scd2 load load_d_vessel_scd2: the source publish.Z_TMP_D_VESSEL_SCD2 has several rows for one key (vessel_id; give business_key to name the business key instead); example: ' + 'vessel_id=' + COALESCE(CAST(bad.vessel_id AS VARCHAR(4000)), 'NULL') + '. Give the source one row per key.' AS INTEGER) AS load_check_failed
FROM (
    SELECT TOP 1 * FROM (
    SELECT s.vessel_id FROM publish.Z_TMP_D_VESSEL_SCD2 s GROUP BY s.vessel_id HAVING COUNT(*) > 1
    ) o
) bad;
DROP TABLE IF EXISTS publish.Z_SCD2_MERGE_D_VESSEL_SCD2;
CREATE TABLE publish.Z_SCD2_MERGE_D_VESSEL_SCD2 AS
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
                , LOWER(CONVERT(VARCHAR(32), HASHBYTES('MD5', UPPER(COALESCE(NULLIF(LTRIM(RTRIM(vessel_id)), ''), '-1') + '~' + COALESCE(CONVERT(VARCHAR(19), valid_from, 126) + '.' + RIGHT('000000' + CAST(DATEPART(MICROSECOND, valid_from) AS VARCHAR(6)), 6), '-1'))), 2)) AS vessel_scd_id
                , LOWER(CONVERT(VARCHAR(32), HASHBYTES('MD5', COALESCE(vessel_id, '-1') + '~' + COALESCE(CAST(mmsi_key AS VARCHAR(4000)), '-1') + '~' + COALESCE(vessel_name, '-1') + '~' + COALESCE(CAST(vessel_type_code AS VARCHAR(4000)), '-1') + '~' + COALESCE(vessel_type, '-1') + '~' + COALESCE(country_code, '-1') + '~' + COALESCE(country, '-1') + '~' + COALESCE(source_system, '-1')), 2)) AS datahash
                , valid_from
                , CAST(null AS DATETIME2(6)) AS valid_to
                , CAST(null AS SMALLINT) AS validity_status
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
        -- Set valid_to as the valid_from of the next version (by ID), or '9999-12-31' if no next version exists
        , COALESCE(LEAD(valid_from) OVER (PARTITION BY vessel_id ORDER BY valid_from), CAST('9999-12-31' AS DATETIME2(6))) AS valid_to
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
    ) versions;
MERGE INTO publish.D_VESSEL_SCD2 trg USING publish.Z_SCD2_MERGE_D_VESSEL_SCD2 src
ON (
    trg.vessel_id = src.vessel_id
    AND trg.datahash = src.datahash
    AND trg.valid_from = src.valid_from
)
WHEN MATCHED THEN UPDATE SET
    valid_to = src.valid_to
    , validity_status = src.validity_status
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
    src.vessel_scd_id
    , src.vessel_id
    , src.datahash
    , src.valid_from
    , src.valid_to
    , src.validity_status
    , src.mmsi_key
    , src.vessel_name
    , src.vessel_type_code
    , src.vessel_type
    , src.country_code
    , src.country
    , src.source_system
);
DROP TABLE IF EXISTS publish.Z_SCD2_MERGE_D_VESSEL_SCD2;

/* 3. step_3 (OVERRIDE - SQL) */
DROP TABLE IF EXISTS publish.Z_TMP_D_VESSEL_SCD2;
