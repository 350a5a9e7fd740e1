/* 1. step_1 (OVERRIDE - SQL) */
-- Duplicate rows at the identity grain (customer_id, region) stop the load before any write.
SELECT CAST('snapshot load snap_customer: the source stage.customer_src has duplicate rows at the identity grain (customer_id, region); example: ' + 'customer_id=' + COALESCE(CAST(bad.customer_id AS VARCHAR(4000)), 'NULL') + ', region=' + COALESCE(CAST(bad.region AS VARCHAR(4000)), 'NULL') + '. Deduplicate the source query, e.g. keep ROW_NUMBER() OVER (PARTITION BY customer_id, region ORDER BY <newest first>) = 1.' AS INTEGER) AS load_check_failed
FROM (
    SELECT TOP 1 * FROM (
    SELECT s.customer_id, s.region FROM stage.customer_src s GROUP BY s.customer_id, s.region HAVING COUNT(*) > 1
    ) o
) bad;
DROP TABLE IF EXISTS dw.Z_DELTA_customer_snap;
CREATE TABLE dw.Z_DELTA_customer_snap AS
WITH joined AS (
    -- Source rows of new keys, and of keys whose open version differs in a check column
    SELECT s.customer_id, s.region, s.tariff, s.status, s.updated_at, c.customer_id AS _o_customer_id, c.region AS _o_region, c.tariff AS _o_tariff, c.status AS _o_status, c.updated_at AS _o_updated_at, c.valid_from AS _o_vf, CASE WHEN c.customer_id IS NULL THEN 0 ELSE 1 END AS _open
    FROM stage.customer_src s
    LEFT JOIN dw.customer_snap c ON c.customer_id = s.customer_id AND c.region = s.region AND c.valid_to IS NULL
    WHERE c.customer_id IS NULL OR ((CASE WHEN c.tariff = s.tariff OR (c.tariff IS NULL AND s.tariff IS NULL) THEN 0 ELSE 1 END = 1) OR (CASE WHEN c.status = s.status OR (c.status IS NULL AND s.status IS NULL) THEN 0 ELSE 1 END = 1) OR (CASE WHEN c.updated_at = s.updated_at OR (c.updated_at IS NULL AND s.updated_at IS NULL) THEN 0 ELSE 1 END = 1))
)
-- The delta: open versions that get closed, and versions to insert
SELECT j._o_customer_id AS customer_id, j._o_region AS region, j._o_tariff AS tariff, j._o_status AS status, j._o_updated_at AS updated_at, j._o_vf AS valid_from, CAST(CURRENT_TIMESTAMP AS DATETIME2(6)) AS valid_to, 0 AS is_new_version
FROM joined j
WHERE j._open = 1
UNION ALL
-- Hard deletes: current keys missing from the source end at the execution time
SELECT c.customer_id, c.region, c.tariff, c.status, c.updated_at, c.valid_from, CAST(CURRENT_TIMESTAMP AS DATETIME2(6)), 0
FROM dw.customer_snap c
WHERE c.valid_to IS NULL
    AND NOT EXISTS (SELECT 1 FROM stage.customer_src s WHERE s.customer_id = c.customer_id AND s.region = c.region)
UNION ALL
SELECT j.customer_id, j.region, j.tariff, j.status, j.updated_at, CAST(CURRENT_TIMESTAMP AS DATETIME2(6)), CAST(NULL AS DATETIME2(6)), 1
FROM joined j;
-- A new version may not start where the version it closes starts: stopped before any write.
SELECT CAST('snapshot load snap_customer: a new version would start where the current version it closes starts (valid_from), because the run is not after the start of that version; example: ' + 'customer_id=' + COALESCE(CAST(bad.customer_id AS VARCHAR(4000)), 'NULL') + ', region=' + COALESCE(CAST(bad.region AS VARCHAR(4000)), 'NULL') + '. Run with a later execution_time, or with later times in the source.' AS INTEGER) AS load_check_failed
FROM (
    SELECT TOP 1 * FROM (
    SELECT o.customer_id, o.region FROM dw.Z_DELTA_customer_snap o
    JOIN dw.Z_DELTA_customer_snap n ON n.customer_id = o.customer_id AND n.region = o.region AND n.valid_from = o.valid_from
    WHERE o.is_new_version = 0 AND o.valid_from >= o.valid_to AND n.is_new_version = 1
    ) o
) bad;
SET XACT_ABORT ON;
BEGIN TRANSACTION;
MERGE INTO dw.customer_snap trg USING dw.Z_DELTA_customer_snap src
ON (trg.customer_id = src.customer_id AND trg.region = src.region AND trg.valid_from = src.valid_from)
WHEN MATCHED THEN UPDATE SET valid_to = src.valid_to
WHEN NOT MATCHED THEN INSERT (customer_id, region, tariff, status, updated_at, valid_from, valid_to)
VALUES (src.customer_id, src.region, src.tariff, src.status, src.updated_at, src.valid_from, src.valid_to);
COMMIT;
DROP TABLE dw.Z_DELTA_customer_snap;
