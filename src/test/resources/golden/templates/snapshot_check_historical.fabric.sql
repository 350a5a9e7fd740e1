/* 1. step_1 (OVERRIDE - SQL) */
-- Every observation time already loaded (historical snapshot input)
IF OBJECT_ID('dw.Z_WM_customer_snap', 'U') IS NULL CREATE TABLE dw.Z_WM_customer_snap (observed_until DATETIME2(6));
-- Duplicate rows at the identity grain (customer_id, snapshot_date) stop the load before any write.
SELECT CAST('snapshot load snap_customer: the source stage.customer_hist has duplicate rows at the identity grain (customer_id, snapshot_date); example: ' + 'customer_id=' + COALESCE(CAST(bad.customer_id AS VARCHAR(4000)), 'NULL') + ', snapshot_date=' + COALESCE(CAST(bad.snapshot_date AS VARCHAR(4000)), 'NULL') + '. Deduplicate the source query, e.g. keep ROW_NUMBER() OVER (PARTITION BY customer_id, snapshot_date ORDER BY <newest first>) = 1.' AS INTEGER) AS load_check_failed
FROM (
    SELECT TOP 1 * FROM (
    SELECT s.customer_id, s.snapshot_date FROM stage.customer_hist s GROUP BY s.customer_id, s.snapshot_date HAVING COUNT(*) > 1
    ) o
) bad;
DROP TABLE IF EXISTS dw.Z_DELTA_customer_snap;
CREATE TABLE dw.Z_DELTA_customer_snap AS
WITH late_keys AS (
    SELECT DISTINCT u.customer_id FROM (
    -- Keys with an observation not after the watermark that no version of theirs reflects
    SELECT s.customer_id
    FROM stage.customer_hist s
    WHERE CAST(s.snapshot_date AS DATETIME2(6)) <= (SELECT MAX(w.observed_until) FROM dw.Z_WM_customer_snap w)
        AND NOT EXISTS (SELECT 1 FROM dw.customer_snap t WHERE t.customer_id = s.customer_id AND t.valid_from <= CAST(s.snapshot_date AS DATETIME2(6)) AND (t.valid_to IS NULL OR CAST(s.snapshot_date AS DATETIME2(6)) < t.valid_to)
            AND NOT ((CASE WHEN t.tariff = s.tariff OR (t.tariff IS NULL AND s.tariff IS NULL) THEN 0 ELSE 1 END = 1) OR (CASE WHEN t.status = s.status OR (t.status IS NULL AND s.status IS NULL) THEN 0 ELSE 1 END = 1)))
    UNION ALL
    -- Keys that a version says were there at an observation not after the watermark that misses them
    SELECT t.customer_id
    FROM dw.customer_snap t
    CROSS JOIN (SELECT DISTINCT CAST(s.snapshot_date AS DATETIME2(6)) AS _obs FROM stage.customer_hist s) o
    WHERE o._obs <= (SELECT MAX(w.observed_until) FROM dw.Z_WM_customer_snap w) AND t.valid_from <= o._obs AND (t.valid_to IS NULL OR o._obs < t.valid_to)
        AND NOT EXISTS (SELECT 1 FROM stage.customer_hist s WHERE s.customer_id = t.customer_id AND CAST(s.snapshot_date AS DATETIME2(6)) = o._obs)
    ) u
),
events AS (
    -- The open version of each key: the state that new observations are compared with
    SELECT c.customer_id, c.region, c.tariff, c.status, c.updated_at, 0 AS _new, 0 AS _del, c.valid_from AS _ord
    FROM dw.customer_snap c
    WHERE c.valid_to IS NULL
    UNION ALL
    -- New observations (only those after the watermark)
    SELECT s.customer_id, s.region, s.tariff, s.status, s.updated_at, 1, 0, CAST(s.snapshot_date AS DATETIME2(6))
    FROM stage.customer_hist s
    WHERE NOT EXISTS (SELECT 1 FROM dw.Z_WM_customer_snap w WHERE w.observed_until >= CAST(s.snapshot_date AS DATETIME2(6)))
    UNION ALL
    -- Hard deletes: a key known before but missing from an observation ends at that observation
    SELECT a.customer_id, CAST(NULL AS VARCHAR(100)), CAST(NULL AS VARCHAR(100)), CAST(NULL AS VARCHAR(100)), CAST(NULL AS DATETIME2(6)), 1, 1, o._obs
    FROM (
        SELECT DISTINCT u.customer_id
        FROM (
            SELECT s.customer_id FROM stage.customer_hist s
            UNION ALL
            SELECT c.customer_id FROM dw.customer_snap c WHERE c.valid_to IS NULL
        ) u
    ) a
    CROSS JOIN (SELECT DISTINCT CAST(s.snapshot_date AS DATETIME2(6)) AS _obs FROM stage.customer_hist s) o
    WHERE NOT EXISTS (SELECT 1 FROM dw.Z_WM_customer_snap w WHERE w.observed_until >= o._obs)
        AND NOT EXISTS (SELECT 1 FROM stage.customer_hist s WHERE s.customer_id = a.customer_id AND CAST(s.snapshot_date AS DATETIME2(6)) = o._obs)
),
flagged AS (
    SELECT
        e.*
        , LAG(e._del) OVER (PARTITION BY customer_id ORDER BY _new, _ord) AS _p_del
        , LAG(e.tariff) OVER (PARTITION BY customer_id ORDER BY _new, _ord) AS _p_tariff
        , LAG(e.status) OVER (PARTITION BY customer_id ORDER BY _new, _ord) AS _p_status
    FROM events e
),
kept AS (
    -- Collapse: keep the open version, each change, the first delete after a live version and
    -- each reappearance; a delete before anything live or after a delete is dropped
    SELECT f.*
    FROM flagged f
    WHERE f._new = 0
        OR (f._del = 1 AND f._p_del = 0)
        OR (f._del = 0 AND (f._p_del IS NULL OR f._p_del = 1
            OR ((CASE WHEN f.tariff = f._p_tariff OR (f.tariff IS NULL AND f._p_tariff IS NULL) THEN 0 ELSE 1 END = 1) OR (CASE WHEN f.status = f._p_status OR (f.status IS NULL AND f._p_status IS NULL) THEN 0 ELSE 1 END = 1))))
),
ranged AS (
    SELECT kp.*, kp._ord AS _from, LEAD(kp._ord) OVER (PARTITION BY customer_id ORDER BY _new, _ord) AS _to
    FROM kept kp
),
late_events AS (
    -- Late keys, rebuilt apart from the pass over every key (they are rare): each version as an
    -- observation where it starts
    SELECT c.customer_id, c.region, c.tariff, c.status, c.updated_at, 1 AS _new, 0 AS _del, c.valid_from AS _ord
    FROM dw.customer_snap c
    JOIN late_keys l ON l.customer_id = c.customer_id
    WHERE NOT EXISTS (SELECT 1 FROM stage.customer_hist s WHERE CAST(s.snapshot_date AS DATETIME2(6)) = c.valid_from)
    UNION ALL
    -- ... and as an observation at each later time loaded before that it spans (the watermark table)
    SELECT c.customer_id, c.region, c.tariff, c.status, c.updated_at, 1, 0, w.observed_until
    FROM dw.customer_snap c
    JOIN late_keys l ON l.customer_id = c.customer_id
    JOIN dw.Z_WM_customer_snap w ON c.valid_from <= w.observed_until AND (c.valid_to IS NULL OR w.observed_until < c.valid_to) AND c.valid_from < w.observed_until
    WHERE NOT EXISTS (SELECT 1 FROM stage.customer_hist s WHERE CAST(s.snapshot_date AS DATETIME2(6)) = w.observed_until)
    UNION ALL
    -- ... each end that no version of the key continues as a delete
    SELECT c.customer_id, CAST(NULL AS VARCHAR(100)), CAST(NULL AS VARCHAR(100)), CAST(NULL AS VARCHAR(100)), CAST(NULL AS DATETIME2(6)), 1, 1, c.valid_to
    FROM dw.customer_snap c
    JOIN late_keys l ON l.customer_id = c.customer_id
    WHERE NOT (c.valid_to IS NULL)
        AND NOT EXISTS (SELECT 1 FROM dw.customer_snap n WHERE n.customer_id = c.customer_id AND n.valid_from = c.valid_to)
        AND NOT EXISTS (SELECT 1 FROM stage.customer_hist s WHERE CAST(s.snapshot_date AS DATETIME2(6)) = c.valid_to)
    UNION ALL
    -- ... and all their observations in the source
    SELECT s.customer_id, s.region, s.tariff, s.status, s.updated_at, 1, 0, CAST(s.snapshot_date AS DATETIME2(6))
    FROM stage.customer_hist s
    JOIN late_keys l ON l.customer_id = s.customer_id
    UNION ALL
    -- ... and every observation that misses them
    SELECT l.customer_id, CAST(NULL AS VARCHAR(100)), CAST(NULL AS VARCHAR(100)), CAST(NULL AS VARCHAR(100)), CAST(NULL AS DATETIME2(6)), 1, 1, o._obs
    FROM late_keys l
    CROSS JOIN (SELECT DISTINCT CAST(s.snapshot_date AS DATETIME2(6)) AS _obs FROM stage.customer_hist s) o
    WHERE NOT EXISTS (SELECT 1 FROM stage.customer_hist s WHERE s.customer_id = l.customer_id AND CAST(s.snapshot_date AS DATETIME2(6)) = o._obs)
),
late_flagged AS (
    SELECT
        e.*
        , LAG(e._del) OVER (PARTITION BY customer_id ORDER BY _new, _ord) AS _p_del
        , LAG(e.tariff) OVER (PARTITION BY customer_id ORDER BY _new, _ord) AS _p_tariff
        , LAG(e.status) OVER (PARTITION BY customer_id ORDER BY _new, _ord) AS _p_status
    FROM late_events e
),
late_kept AS (
    -- Collapse: keep the open version, each change, the first delete after a live version and
    -- each reappearance; a delete before anything live or after a delete is dropped
    SELECT f.*
    FROM late_flagged f
    WHERE f._new = 0
        OR (f._del = 1 AND f._p_del = 0)
        OR (f._del = 0 AND (f._p_del IS NULL OR f._p_del = 1
            OR ((CASE WHEN f.tariff = f._p_tariff OR (f.tariff IS NULL AND f._p_tariff IS NULL) THEN 0 ELSE 1 END = 1) OR (CASE WHEN f.status = f._p_status OR (f.status IS NULL AND f._p_status IS NULL) THEN 0 ELSE 1 END = 1))))
),
late_ranged AS (
    SELECT kp.*, kp._ord AS _from, LEAD(kp._ord) OVER (PARTITION BY customer_id ORDER BY _new, _ord) AS _to
    FROM late_kept kp
)
-- The delta: versions to insert, and open versions that get closed
SELECT r.customer_id, r.region, r.tariff, r.status, r.updated_at, r._from AS valid_from, r._to AS valid_to, r._new AS is_new_version, 0 AS is_rebuilt_key
FROM ranged r
LEFT JOIN late_keys nl ON nl.customer_id = r.customer_id
WHERE r._del = 0 AND (r._new = 1 OR r._to IS NOT NULL) AND nl.customer_id IS NULL
UNION ALL
-- ... and the late keys' versions, rebuilt
SELECT r.customer_id, r.region, r.tariff, r.status, r.updated_at, r._from AS valid_from, r._to AS valid_to, r._new AS is_new_version, 1 AS is_rebuilt_key
FROM late_ranged r
WHERE r._del = 0 AND (r._new = 1 OR r._to IS NOT NULL);
-- A new version may not start where the version it closes starts: stopped before any write.
SELECT CAST('snapshot load snap_customer: a new version would start where the current version it closes starts (valid_from), because the run is not after the start of that version; example: ' + 'customer_id=' + COALESCE(CAST(bad.customer_id AS VARCHAR(4000)), 'NULL') + '. Run with a later execution_time, or with later times in the source.' AS INTEGER) AS load_check_failed
FROM (
    SELECT TOP 1 * FROM (
    SELECT o.customer_id FROM dw.Z_DELTA_customer_snap o
    JOIN dw.Z_DELTA_customer_snap n ON n.customer_id = o.customer_id AND n.valid_from = o.valid_from
    WHERE o.is_new_version = 0 AND o.valid_from >= o.valid_to AND n.is_new_version = 1
    ) o
) bad;
SET XACT_ABORT ON;
BEGIN TRANSACTION;
-- Keys rebuilt for late data: their versions are replaced by the delta's
DELETE FROM dw.customer_snap WHERE EXISTS (SELECT 1 FROM dw.Z_DELTA_customer_snap d WHERE d.is_rebuilt_key = 1 AND d.customer_id = dw.customer_snap.customer_id);
MERGE INTO dw.customer_snap trg USING dw.Z_DELTA_customer_snap src
ON (trg.customer_id = src.customer_id AND trg.valid_from = src.valid_from)
WHEN MATCHED THEN UPDATE SET valid_to = src.valid_to
WHEN NOT MATCHED THEN INSERT (customer_id, region, tariff, status, updated_at, valid_from, valid_to)
VALUES (src.customer_id, src.region, src.tariff, src.status, src.updated_at, src.valid_from, src.valid_to);
INSERT INTO dw.Z_WM_customer_snap (observed_until)
SELECT DISTINCT CAST(s.snapshot_date AS DATETIME2(6)) FROM stage.customer_hist s
WHERE NOT EXISTS (SELECT 1 FROM dw.Z_WM_customer_snap w WHERE w.observed_until = CAST(s.snapshot_date AS DATETIME2(6)));
COMMIT;
DROP TABLE dw.Z_DELTA_customer_snap;
