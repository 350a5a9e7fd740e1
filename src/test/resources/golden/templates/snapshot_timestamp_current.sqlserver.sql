/* 1. step_1 (OVERRIDE - SQL) */
-- Duplicate rows at the identity grain (customer_id) stop the load before any write.
SELECT CAST('snapshot load snap_customer: the source stage.customer_src has duplicate rows at the identity grain (customer_id); example: ' + 'customer_id=' + COALESCE(CAST(bad.customer_id AS VARCHAR(4000)), 'NULL') + '. Deduplicate the source query, e.g. keep ROW_NUMBER() OVER (PARTITION BY customer_id ORDER BY <newest first>) = 1.' AS INTEGER) AS load_check_failed
FROM (
    SELECT TOP 1 * FROM (
    SELECT s.customer_id FROM stage.customer_src s GROUP BY s.customer_id HAVING COUNT(*) > 1
    ) o
) bad;
DROP TABLE IF EXISTS dw.Z_DELTA_customer_snap;
WITH tgt_keys AS (
    -- What the target knows per key: the latest time it has seen, whether a version is open
    SELECT t.customer_id, MAX(COALESCE(t.valid_to, t.valid_from)) AS _last
    FROM dw.customer_snap t
    GROUP BY t.customer_id
),
events AS (
    -- The open version of each key: the state that new observations are compared with
    SELECT c.customer_id, c.region, c.tariff, c.status, c.updated_at, 0 AS _new, c.valid_from AS _ord, c.valid_from AS _vf, c.valid_from AS _seen, c.valid_from AS _init
    FROM dw.customer_snap c
    WHERE c.valid_to IS NULL
    UNION ALL
    -- New observations
    SELECT s.customer_id, s.region, s.tariff, s.status, s.updated_at, 1, CAST(CURRENT_TIMESTAMP AS DATETIME2(6)), CAST(s.updated_at AS DATETIME2(6)), CAST(CURRENT_TIMESTAMP AS DATETIME2(6)), CAST(s.updated_at AS DATETIME2(6))
    FROM stage.customer_src s
),
flagged AS (
    SELECT
        e.*
        , LAG(e._new) OVER (PARTITION BY customer_id ORDER BY _new, _ord) AS _p_new
        , MAX(e.updated_at) OVER (PARTITION BY customer_id ORDER BY _new, _ord ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS _p_upd
    FROM events e
),
kept AS (
    -- Collapse: keep the open version, each change
    SELECT f.*
    FROM flagged f
    WHERE f._new = 0
        OR (f._p_new IS NULL
            OR f._p_upd IS NULL OR f.updated_at > f._p_upd)
),
numbered AS (
    SELECT
        kp.*
        , ROW_NUMBER() OVER (PARTITION BY customer_id ORDER BY _new, _ord) AS _n
    FROM kept kp
),
starts AS (
    SELECT
        n.*
        , CASE
            WHEN n._new = 0 THEN n._vf
            -- the first version of a new key
            WHEN k.customer_id IS NULL AND n._n = 1 THEN n._init
            WHEN n._n = 1 AND n._vf <= k._last THEN n._seen
            ELSE n._vf
        END AS _from
    FROM numbered n
    LEFT JOIN tgt_keys k ON k.customer_id = n.customer_id
),
ranged AS (
    SELECT st.*, LEAD(st._from) OVER (PARTITION BY customer_id ORDER BY _new, _ord) AS _to
    FROM starts st
)
SELECT * INTO dw.Z_DELTA_customer_snap FROM (
-- The delta: versions to insert, and open versions that get closed
SELECT r.customer_id, r.region, r.tariff, r.status, r.updated_at, r._from AS valid_from, r._to AS valid_to, r._new AS is_new_version
FROM ranged r
WHERE (r._new = 1 OR r._to IS NOT NULL)
) q;
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
MERGE INTO dw.customer_snap trg USING dw.Z_DELTA_customer_snap src
ON (trg.customer_id = src.customer_id AND trg.valid_from = src.valid_from)
WHEN MATCHED THEN UPDATE SET valid_to = src.valid_to
WHEN NOT MATCHED THEN INSERT (customer_id, region, tariff, status, updated_at, valid_from, valid_to)
VALUES (src.customer_id, src.region, src.tariff, src.status, src.updated_at, src.valid_from, src.valid_to);
COMMIT;
DROP TABLE dw.Z_DELTA_customer_snap;
