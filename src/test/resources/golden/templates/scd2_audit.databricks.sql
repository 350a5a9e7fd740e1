/* 1. step_1 (OVERRIDE - SQL) */
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
                , MD5(UPPER(NVL(NULLIF(TRIM(vessel_id), ''), '-1') || '~' || NVL(CONCAT(DATE_FORMAT(valid_from, 'yyyy-MM-dd'), 'T', DATE_FORMAT(valid_from, 'HH:mm:ss.SSSSSS')), '-1'))) AS vessel_scd_id
                , MD5(NVL(vessel_id, '-1') || '~' || NVL(CAST(mmsi_key AS STRING), '-1') || '~' || NVL(vessel_name, '-1') || '~' || NVL(CAST(vessel_type_code AS STRING), '-1') || '~' || NVL(vessel_type, '-1') || '~' || NVL(country_code, '-1') || '~' || NVL(country, '-1') || '~' || NVL(source_system, '-1')) AS datahash
                , valid_from
                , CAST(null AS TIMESTAMP_NTZ) AS valid_to
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
        -- Set valid_to as the valid_from of the next version (by ID), or '9999-12-31' if no next version exists
        , NVL(LEAD(valid_from) OVER (PARTITION BY vessel_id ORDER BY valid_from), CAST('9999-12-31' AS TIMESTAMP_NTZ)) AS valid_to
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
    trg.valid_to = src.valid_to
    , trg.validity_status = src.validity_status
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
-- Audit (audit_history): the history's invariants of the keys of this batch, after the write
SELECT raise_error('scd2 load load_d_vessel_scd2: the target publish.D_VESSEL_SCD2 breaks its history invariants after the write; offending keys (at most 5 shown): ' || REPLACE(bad.dv_audit_keys, '~', '; ') || '. This run\'s write stays (the dialect has no multi-statement transactions); repair the history (or the load).') AS load_check_failed
FROM (
    SELECT a.* FROM (
    SELECT COUNT(*) AS dv_audit_n, ARRAY_JOIN(ARRAY_SORT(COLLECT_LIST(x.dv_audit_key || ': ' || x.dv_audit_problem)), '~') AS dv_audit_keys
    FROM (
        SELECT 'mmsi_key=' || NVL(CAST(h.mmsi_key AS STRING), 'NULL') AS dv_audit_key, CASE MIN(h.dv_audit_code) WHEN 1 THEN 'two open versions' WHEN 2 THEN 'two rows with one valid_from' WHEN 3 THEN 'a range that ends where or before it starts' WHEN 4 THEN 'overlapping ranges' WHEN 5 THEN 'a current flag that disagrees with the open end' END AS dv_audit_problem
        FROM (
            SELECT w.mmsi_key, w.vessel_id, CASE
                WHEN w.dv_open_n > 1 THEN 1
                WHEN w.dv_next_from = w.dv_from THEN 2
                WHEN w.dv_end IS NOT NULL AND w.dv_end <= w.dv_from THEN 3
                WHEN w.dv_next_from IS NOT NULL AND (w.dv_end IS NULL OR w.dv_end > w.dv_next_from) THEN 4
                WHEN w.dv_current <> CASE WHEN w.dv_end IS NULL THEN 1 ELSE 0 END THEN 5
            END AS dv_audit_code
            FROM (
                SELECT t.mmsi_key, t.vessel_id, t.valid_from AS dv_from, NULLIF(t.valid_to, CAST('9999-12-31 00:00:00' AS TIMESTAMP_NTZ)) AS dv_end, CASE WHEN t.validity_status = 1 THEN 1 ELSE 0 END AS dv_current
                    , SUM(CASE WHEN NULLIF(t.valid_to, CAST('9999-12-31 00:00:00' AS TIMESTAMP_NTZ)) IS NULL THEN 1 ELSE 0 END) OVER (PARTITION BY t.vessel_id ORDER BY t.valid_from ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS dv_open_n
                    , LEAD(t.valid_from) OVER (PARTITION BY t.vessel_id ORDER BY t.valid_from) AS dv_next_from
                FROM publish.D_VESSEL_SCD2 t
                WHERE EXISTS (SELECT 1 FROM (SELECT s.vessel_id FROM publish.Z_TMP_D_VESSEL_SCD2 s) b WHERE b.vessel_id = t.vessel_id)
            ) w
        ) h
        WHERE h.dv_audit_code IS NOT NULL
        GROUP BY h.mmsi_key
    ORDER BY 1
    LIMIT 5
    ) x
    ) a
    WHERE a.dv_audit_n > 0
    LIMIT 1
) bad;
