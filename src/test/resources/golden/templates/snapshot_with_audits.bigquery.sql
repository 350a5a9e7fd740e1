/* 1. step_1 (OVERRIDE - SQL) */
-- Duplicate rows at the identity grain (customer_id) stop the load before any write.
SELECT ERROR('snapshot load snap_customer: the source stage.customer_src has duplicate rows at the identity grain (customer_id); example: ' || 'customer_id=' || IFNULL(CAST(bad.customer_id AS STRING), 'NULL') || '. Deduplicate the source query, e.g. keep ROW_NUMBER() OVER (PARTITION BY customer_id ORDER BY <newest first>) = 1.') AS load_check_failed
FROM (
    SELECT s.customer_id FROM stage.customer_src s GROUP BY s.customer_id HAVING COUNT(*) > 1
    LIMIT 1
) bad;
DROP TABLE IF EXISTS dw.Z_DELTA_customer_snap;
CREATE TABLE dw.Z_DELTA_customer_snap AS
WITH joined AS (
    -- Source rows of new keys, and of keys whose open version differs in a check column
    SELECT s.customer_id, s.region, s.tariff, s.status, s.updated_at, c.customer_id AS _o_customer_id, c.region AS _o_region, c.tariff AS _o_tariff, c.status AS _o_status, c.updated_at AS _o_updated_at, c.valid_from AS _o_vf, CASE WHEN c.customer_id IS NULL THEN 0 ELSE 1 END AS _open
    FROM stage.customer_src s
    LEFT JOIN dw.customer_snap c ON c.customer_id = s.customer_id AND c.valid_to IS NULL
    WHERE c.customer_id IS NULL OR (c.region IS DISTINCT FROM s.region OR c.tariff IS DISTINCT FROM s.tariff OR c.status IS DISTINCT FROM s.status OR c.updated_at IS DISTINCT FROM s.updated_at)
)
-- The delta: open versions that get closed, and versions to insert
SELECT j._o_customer_id AS customer_id, j._o_region AS region, j._o_tariff AS tariff, j._o_status AS status, j._o_updated_at AS updated_at, j._o_vf AS valid_from, CAST(CURRENT_TIMESTAMP AS DATETIME) AS valid_to, 0 AS is_new_version
FROM joined j
WHERE j._open = 1
UNION ALL
SELECT j.customer_id, j.region, j.tariff, j.status, j.updated_at, CAST(CURRENT_TIMESTAMP AS DATETIME), CAST(NULL AS DATETIME), 1
FROM joined j;

/* 2. step_2 (OVERRIDE - SQL) */
SELECT ERROR('audit not_null on dw.Z_DELTA_customer_snap failed: a NULL in customer_id or region (fix the source or the load so that these columns are always set); example row: ' || 'customer_id=' || IFNULL(CAST(bad.customer_id AS STRING), 'NULL') || ', region=' || IFNULL(CAST(bad.region AS STRING), 'NULL')) AS load_check_failed
FROM (
    SELECT a.* FROM dw.Z_DELTA_customer_snap a WHERE a.customer_id IS NULL OR a.region IS NULL
    LIMIT 1
) bad;
SELECT ERROR('audit unique on dw.Z_DELTA_customer_snap failed: duplicate rows at the grain (customer_id, valid_from); example: ' || 'customer_id=' || IFNULL(CAST(bad.customer_id AS STRING), 'NULL') || ', valid_from=' || IFNULL(CAST(bad.valid_from AS STRING), 'NULL') || ' occurs ' || CAST(bad.duplicate_rows AS STRING) || ' times. Deduplicate the input at this grain.') AS load_check_failed
FROM (
    SELECT a.customer_id, a.valid_from, COUNT(*) AS duplicate_rows FROM dw.Z_DELTA_customer_snap a GROUP BY a.customer_id, a.valid_from HAVING COUNT(*) > 1
    LIMIT 1
) bad;
SELECT ERROR('audit accepted_values on dw.Z_DELTA_customer_snap failed: status has a value outside (\'A\', \'B\'): ' || CAST(bad.status AS STRING)) AS load_check_failed
FROM (
    SELECT a.status FROM dw.Z_DELTA_customer_snap a WHERE a.status IS NOT NULL AND CAST(a.status AS STRING) NOT IN ('A', 'B')
    LIMIT 1
) bad;
SELECT ERROR('audit ' || 'no_future' || ' on dw.Z_DELTA_customer_snap failed: the audit query returned offending rows: ' || CAST(bad.offending_rows AS STRING)) AS load_check_failed
FROM (
    SELECT COUNT(*) AS offending_rows FROM (
SELECT * FROM dw.Z_DELTA_customer_snap WHERE valid_from > CURRENT_TIMESTAMP
    ) q HAVING COUNT(*) > 0
    LIMIT 1
) bad;

/* 3. step_3 (OVERRIDE - SQL) */
-- A new version may not start where the version it closes starts: stopped before any write.
SELECT ERROR('snapshot load snap_customer: a new version would start where the current version it closes starts (valid_from), because the run is not after the start of that version; example: ' || 'customer_id=' || IFNULL(CAST(bad.customer_id AS STRING), 'NULL') || '. Run with a later execution_time, or with later times in the source.') AS load_check_failed
FROM (
    SELECT o.customer_id FROM dw.Z_DELTA_customer_snap o
    JOIN dw.Z_DELTA_customer_snap n ON n.customer_id = o.customer_id AND n.valid_from = o.valid_from
    WHERE o.is_new_version = 0 AND o.valid_from >= o.valid_to AND n.is_new_version = 1
    LIMIT 1
) bad;
BEGIN TRANSACTION;
UPDATE dw.customer_snap AS trg SET valid_to = src.valid_to
FROM dw.Z_DELTA_customer_snap src
WHERE src.is_new_version = 0 AND trg.customer_id = src.customer_id AND trg.valid_from = src.valid_from;
INSERT INTO dw.customer_snap (customer_id, region, tariff, status, updated_at, valid_from, valid_to)
SELECT src.customer_id, src.region, src.tariff, src.status, src.updated_at, src.valid_from, src.valid_to FROM dw.Z_DELTA_customer_snap src WHERE src.is_new_version = 1;
COMMIT;
DROP TABLE dw.Z_DELTA_customer_snap;
