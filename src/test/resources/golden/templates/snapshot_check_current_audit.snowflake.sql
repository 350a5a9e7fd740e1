/* 1. step_1 (OVERRIDE - SQL) */
-- Duplicate rows at the identity grain (customer_id, region) stop the load before any write.
SELECT CAST('snapshot load snap_customer: the source stage.customer_src has duplicate rows at the identity grain (customer_id, region); example: ' || 'customer_id=' || NVL(CAST(bad.customer_id AS VARCHAR), 'NULL') || ', region=' || NVL(CAST(bad.region AS VARCHAR), 'NULL') || '. Deduplicate the source query, e.g. keep ROW_NUMBER() OVER (PARTITION BY customer_id, region ORDER BY <newest first>) = 1.' AS INTEGER) AS load_check_failed
FROM (
    SELECT s.customer_id, s.region FROM stage.customer_src s GROUP BY s.customer_id, s.region HAVING COUNT(*) > 1
    LIMIT 1
) bad;
DROP TABLE IF EXISTS dw.Z_DELTA_customer_snap;
CREATE TABLE dw.Z_DELTA_customer_snap AS
WITH tgt_keys AS (
    -- What the target knows per key: the latest time it has seen, whether a version is open
    SELECT t.customer_id, t.region, MAX(NVL(NULLIF(t.valid_to, CAST('9999-12-31 00:00:00' AS TIMESTAMP)), t.valid_from)) AS _last
    FROM dw.customer_snap t
    GROUP BY t.customer_id, t.region
),
events AS (
    -- The open version of each key: the state that new observations are compared with
    SELECT c.customer_id, c.region, c.tariff, c.status, c.updated_at, 0 AS _new, CASE WHEN c.is_deleted = TRUE THEN 1 ELSE 0 END AS _del, c.valid_from AS _ord, c.valid_from AS _vf, c.valid_from AS _seen, c.valid_from AS _init
    FROM dw.customer_snap c
    WHERE c.valid_to = CAST('9999-12-31 00:00:00' AS TIMESTAMP)
    UNION ALL
    -- New observations
    SELECT s.customer_id, s.region, s.tariff, s.status, s.updated_at, 1, 0, CAST(CURRENT_TIMESTAMP AS TIMESTAMP), CAST(CURRENT_TIMESTAMP AS TIMESTAMP), CAST(CURRENT_TIMESTAMP AS TIMESTAMP), CAST(CURRENT_TIMESTAMP AS TIMESTAMP)
    FROM stage.customer_src s
    UNION ALL
    -- Hard deletes: current keys missing from the source end at the execution time
    SELECT c.customer_id, c.region, CAST(NULL AS VARCHAR(100)), CAST(NULL AS VARCHAR(100)), CAST(NULL AS TIMESTAMP), 1, 1, CAST(CURRENT_TIMESTAMP AS TIMESTAMP), CAST(CURRENT_TIMESTAMP AS TIMESTAMP), CAST(CURRENT_TIMESTAMP AS TIMESTAMP), CAST(CURRENT_TIMESTAMP AS TIMESTAMP)
    FROM dw.customer_snap c
    WHERE c.valid_to = CAST('9999-12-31 00:00:00' AS TIMESTAMP)
        AND NOT EXISTS (SELECT 1 FROM stage.customer_src s WHERE s.customer_id = c.customer_id AND s.region = c.region)
),
flagged AS (
    SELECT
        e.*
        , LAG(e._del) OVER (PARTITION BY customer_id, region ORDER BY _new, _ord) AS _p_del
        , LAG(e.tariff) OVER (PARTITION BY customer_id, region ORDER BY _new, _ord) AS _p_tariff
        , LAG(e.status) OVER (PARTITION BY customer_id, region ORDER BY _new, _ord) AS _p_status
        , LAG(e.updated_at) OVER (PARTITION BY customer_id, region ORDER BY _new, _ord) AS _p_updated_at
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
            OR (f.tariff IS DISTINCT FROM f._p_tariff OR f.status IS DISTINCT FROM f._p_status OR f.updated_at IS DISTINCT FROM f._p_updated_at)))
),
numbered AS (
    SELECT
        kp.*
        , LAG(kp._del) OVER (PARTITION BY customer_id, region ORDER BY _new, _ord) AS _pk_del
        , LAG(kp._vf) OVER (PARTITION BY customer_id, region ORDER BY _new, _ord) AS _pk_vf
        , LAG(kp.tariff) OVER (PARTITION BY customer_id, region ORDER BY _new, _ord) AS _pk_tariff
        , LAG(kp.status) OVER (PARTITION BY customer_id, region ORDER BY _new, _ord) AS _pk_status
        , LAG(kp.updated_at) OVER (PARTITION BY customer_id, region ORDER BY _new, _ord) AS _pk_updated_at
        , ROW_NUMBER() OVER (PARTITION BY customer_id, region ORDER BY _new, _ord) AS _n
    FROM kept kp
),
starts AS (
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
    FROM numbered n
    LEFT JOIN tgt_keys k ON k.customer_id = n.customer_id AND k.region = n.region
),
ranged AS (
    SELECT st.*, LEAD(st._from) OVER (PARTITION BY customer_id, region ORDER BY _new, _ord) AS _to
    FROM starts st
)
-- The delta: versions to insert, and open versions that get closed
SELECT r.customer_id, r.region, CASE WHEN r._del = 1 AND r._new = 1 THEN r._pk_tariff ELSE r.tariff END AS tariff, CASE WHEN r._del = 1 AND r._new = 1 THEN r._pk_status ELSE r.status END AS status, CASE WHEN r._del = 1 AND r._new = 1 THEN r._pk_updated_at ELSE r.updated_at END AS updated_at, r._from AS valid_from, NVL(r._to, CAST('9999-12-31 00:00:00' AS TIMESTAMP)) AS valid_to, CASE WHEN r._to IS NULL THEN TRUE ELSE FALSE END AS is_current, CASE WHEN r._del = 1 THEN TRUE ELSE FALSE END AS is_deleted, r._new AS is_new_version
FROM ranged r
WHERE (r._new = 1 OR r._to IS NOT NULL);
-- A new version may not start where the version it closes starts: stopped before any write.
SELECT CAST('snapshot load snap_customer: a new version would start where the current version it closes starts (valid_from), because the run is not after the start of that version; example: ' || 'customer_id=' || NVL(CAST(bad.customer_id AS VARCHAR), 'NULL') || ', region=' || NVL(CAST(bad.region AS VARCHAR), 'NULL') || '. Run with a later execution_time, or with later times in the source.' AS INTEGER) AS load_check_failed
FROM (
    SELECT o.customer_id, o.region FROM dw.Z_DELTA_customer_snap o
    JOIN dw.Z_DELTA_customer_snap n ON n.customer_id = o.customer_id AND n.region = o.region AND n.valid_from = o.valid_from
    WHERE o.is_new_version = 0 AND o.valid_from >= o.valid_to AND n.is_new_version = 1
    LIMIT 1
) bad;
BEGIN TRANSACTION;
UPDATE dw.customer_snap AS trg SET valid_to = src.valid_to, is_current = src.is_current
FROM dw.Z_DELTA_customer_snap src
WHERE src.is_new_version = 0 AND trg.customer_id = src.customer_id AND trg.region = src.region AND trg.valid_from = src.valid_from;
INSERT INTO dw.customer_snap (customer_id, region, tariff, status, updated_at, valid_from, valid_to, is_current, is_deleted)
SELECT src.customer_id, src.region, src.tariff, src.status, src.updated_at, src.valid_from, src.valid_to, src.is_current, src.is_deleted FROM dw.Z_DELTA_customer_snap src WHERE src.is_new_version = 1;
-- Audit (audit_history): the history's invariants of the keys of this batch, after the write and before the COMMIT
SELECT CAST('snapshot load snap_customer: the target dw.customer_snap breaks its history invariants after the write; offending keys (at most 5 shown): ' || REPLACE(bad.dv_audit_keys, '~', '; ') || '. The load is rolled back; repair the history (or the load) and rerun.' AS INTEGER) AS load_check_failed
FROM (
    SELECT a.* FROM (
    SELECT COUNT(*) AS dv_audit_n, LISTAGG(x.dv_audit_key || ': ' || x.dv_audit_problem, '~') WITHIN GROUP (ORDER BY x.dv_audit_key || ': ' || x.dv_audit_problem) AS dv_audit_keys
    FROM (
        SELECT 'customer_id=' || NVL(CAST(h.customer_id AS VARCHAR), 'NULL') || ', region=' || NVL(CAST(h.region AS VARCHAR), 'NULL') AS dv_audit_key, CASE MIN(h.dv_audit_code) WHEN 1 THEN 'two open versions' WHEN 2 THEN 'two rows with one valid_from' WHEN 3 THEN 'a range that ends where or before it starts' WHEN 4 THEN 'overlapping ranges' WHEN 5 THEN 'a current flag that disagrees with the open end' END AS dv_audit_problem
        FROM (
            SELECT w.customer_id, w.region, CASE
                WHEN w.dv_open_n > 1 THEN 1
                WHEN w.dv_next_from = w.dv_from THEN 2
                WHEN w.dv_end IS NOT NULL AND w.dv_end <= w.dv_from THEN 3
                WHEN w.dv_next_from IS NOT NULL AND (w.dv_end IS NULL OR w.dv_end > w.dv_next_from) THEN 4
                WHEN w.dv_current <> CASE WHEN w.dv_end IS NULL THEN 1 ELSE 0 END THEN 5
            END AS dv_audit_code
            FROM (
                SELECT t.customer_id, t.region, t.valid_from AS dv_from, NULLIF(t.valid_to, CAST('9999-12-31 00:00:00' AS TIMESTAMP)) AS dv_end, CASE WHEN t.is_current = TRUE THEN 1 ELSE 0 END AS dv_current
                    , SUM(CASE WHEN NULLIF(t.valid_to, CAST('9999-12-31 00:00:00' AS TIMESTAMP)) IS NULL THEN 1 ELSE 0 END) OVER (PARTITION BY t.customer_id, t.region ORDER BY t.valid_from ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS dv_open_n
                    , LEAD(t.valid_from) OVER (PARTITION BY t.customer_id, t.region ORDER BY t.valid_from) AS dv_next_from
                FROM dw.customer_snap t
                WHERE EXISTS (SELECT 1 FROM (SELECT DISTINCT d.customer_id, d.region FROM dw.Z_DELTA_customer_snap d) b WHERE b.customer_id = t.customer_id AND b.region = t.region)
            ) w
        ) h
        WHERE h.dv_audit_code IS NOT NULL
        GROUP BY h.customer_id, h.region
    ORDER BY 1
    LIMIT 5
    ) x
    ) a
    WHERE a.dv_audit_n > 0
    LIMIT 1
) bad;
COMMIT;
DROP TABLE dw.Z_DELTA_customer_snap;
