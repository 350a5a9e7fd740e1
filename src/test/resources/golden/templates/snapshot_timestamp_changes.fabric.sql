/* 1. step_1 (OVERRIDE - SQL) */
-- Duplicate rows at the identity grain (customer_id, updated_at) stop the load before any write.
SELECT CAST('snapshot load snap_customer: the source stage.customer_hist has duplicate rows at the identity grain (customer_id, updated_at); example: ' + 'customer_id=' + COALESCE(CAST(bad.customer_id AS VARCHAR(4000)), 'NULL') + ', updated_at=' + COALESCE(CAST(bad.updated_at AS VARCHAR(4000)), 'NULL') + '. Deduplicate the source query, e.g. keep ROW_NUMBER() OVER (PARTITION BY customer_id, updated_at ORDER BY <newest first>) = 1.' AS INTEGER) AS load_check_failed
FROM (
    SELECT TOP 1 * FROM (
    SELECT s.customer_id, s.updated_at FROM stage.customer_hist s GROUP BY s.customer_id, s.updated_at HAVING COUNT(*) > 1
    ) o
) bad;
DROP TABLE IF EXISTS dw.Z_DELTA_customer_snap;
CREATE TABLE dw.Z_DELTA_customer_snap AS
WITH late_keys AS (
    -- Keys with a change record not after the latest time the target knows that starts no version
    SELECT DISTINCT s.customer_id
    FROM stage.customer_hist s
    WHERE EXISTS (SELECT 1 FROM dw.customer_snap t WHERE t.customer_id = s.customer_id AND COALESCE(t.valid_to, t.valid_from) >= CAST(s.updated_at AS DATETIME2(6)))
        AND NOT EXISTS (SELECT 1 FROM dw.customer_snap t WHERE t.customer_id = s.customer_id AND t.valid_from = CAST(s.updated_at AS DATETIME2(6)))
),
tgt_keys AS (
    -- What the target knows per key: the latest time it has seen, whether a version is open
    SELECT t.customer_id, MAX(COALESCE(t.valid_to, t.valid_from)) AS _last
    FROM dw.customer_snap t
    LEFT JOIN late_keys nl ON nl.customer_id = t.customer_id
    WHERE nl.customer_id IS NULL
    GROUP BY t.customer_id
),
events AS (
    -- The open version of each key: the state that new observations are compared with
    SELECT c.customer_id, c.region, c.tariff, c.status, c.updated_at, 0 AS _new, c.valid_from AS _ord, c.valid_from AS _vf, c.valid_from AS _seen, c.valid_from AS _init
    FROM dw.customer_snap c
    WHERE c.valid_to IS NULL
    UNION ALL
    -- New observations (only those after what the target already knows about the key)
    SELECT s.customer_id, s.region, s.tariff, s.status, s.updated_at, 1, CAST(s.updated_at AS DATETIME2(6)), CAST(s.updated_at AS DATETIME2(6)), CAST(s.updated_at AS DATETIME2(6)), CAST(s.updated_at AS DATETIME2(6))
    FROM stage.customer_hist s
    LEFT JOIN tgt_keys k ON k.customer_id = s.customer_id
    WHERE k.customer_id IS NULL OR CAST(s.updated_at AS DATETIME2(6)) > k._last
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
),
late_events AS (
    -- Late keys, rebuilt apart from the pass over every key (they are rare): each version as an
    -- observation where it starts
    SELECT c.customer_id, c.region, c.tariff, c.status, c.updated_at, 1 AS _new, 0 AS _del, c.valid_from AS _ord, c.valid_from AS _vf, c.valid_from AS _seen, c.valid_from AS _init
    FROM dw.customer_snap c
    JOIN late_keys l ON l.customer_id = c.customer_id
    WHERE NOT EXISTS (SELECT 1 FROM stage.customer_hist s WHERE s.customer_id = c.customer_id AND CAST(s.updated_at AS DATETIME2(6)) = c.valid_from)
    UNION ALL
    -- ... each end that no version of the key continues as a delete
    SELECT c.customer_id, CAST(NULL AS VARCHAR(100)), CAST(NULL AS VARCHAR(100)), CAST(NULL AS VARCHAR(100)), CAST(NULL AS DATETIME2(6)), 1, 1, c.valid_to, c.valid_to, c.valid_to, c.valid_to
    FROM dw.customer_snap c
    JOIN late_keys l ON l.customer_id = c.customer_id
    WHERE NOT (c.valid_to IS NULL)
        AND NOT EXISTS (SELECT 1 FROM dw.customer_snap n WHERE n.customer_id = c.customer_id AND n.valid_from = c.valid_to)
        AND NOT EXISTS (SELECT 1 FROM stage.customer_hist s WHERE s.customer_id = c.customer_id AND CAST(s.updated_at AS DATETIME2(6)) = c.valid_to)
    UNION ALL
    -- ... and all their observations in the source
    SELECT s.customer_id, s.region, s.tariff, s.status, s.updated_at, 1, 0, CAST(s.updated_at AS DATETIME2(6)), CAST(s.updated_at AS DATETIME2(6)), CAST(s.updated_at AS DATETIME2(6)), CAST(s.updated_at AS DATETIME2(6))
    FROM stage.customer_hist s
    JOIN late_keys l ON l.customer_id = s.customer_id
),
late_flagged AS (
    SELECT
        e.*
        , LAG(e._del) OVER (PARTITION BY customer_id ORDER BY _new, _ord) AS _p_del
        , MAX(e.updated_at) OVER (PARTITION BY customer_id ORDER BY _new, _ord ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS _p_upd
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
            OR f._p_upd IS NULL OR f.updated_at > f._p_upd))
),
late_numbered AS (
    SELECT
        kp.*
        , LAG(kp._del) OVER (PARTITION BY customer_id ORDER BY _new, _ord) AS _pk_del
        , LAG(kp._vf) OVER (PARTITION BY customer_id ORDER BY _new, _ord) AS _pk_vf
        , ROW_NUMBER() OVER (PARTITION BY customer_id ORDER BY _new, _ord) AS _n
    FROM late_kept kp
),
late_starts AS (
    SELECT
        n.*
        , CASE
            WHEN n._new = 0 THEN n._vf
            -- the first version of a new key
            WHEN k.customer_id IS NULL AND n._n = 1 THEN n._init
            -- a reappearance whose version time is not after the close: starts when seen again
            WHEN n._del = 0 AND n._pk_del = 1 AND n._vf <= n._pk_vf THEN n._seen
            WHEN n._del = 0 AND n._n = 1 AND n._vf <= k._last THEN n._seen
            ELSE n._vf
        END AS _from
    FROM late_numbered n
    LEFT JOIN tgt_keys k ON k.customer_id = n.customer_id
),
late_ranged AS (
    SELECT st.*, LEAD(st._from) OVER (PARTITION BY customer_id ORDER BY _new, _ord) AS _to
    FROM late_starts st
)
-- The delta: versions to insert, and open versions that get closed
SELECT r.customer_id, r.region, r.tariff, r.status, r.updated_at, r._from AS valid_from, r._to AS valid_to, r._new AS is_new_version, 0 AS is_rebuilt_key
FROM ranged r
LEFT JOIN late_keys nl ON nl.customer_id = r.customer_id
WHERE (r._new = 1 OR r._to IS NOT NULL) AND nl.customer_id IS NULL
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
COMMIT;
DROP TABLE dw.Z_DELTA_customer_snap;
