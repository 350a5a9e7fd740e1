/* 1. step_1 (OVERRIDE - SQL) */
-- Duplicate rows at the identity grain (customer_id) stop the load before any write.
SELECT ERROR('snapshot load snap_customer: the source stage.customer_src has duplicate rows at the identity grain (customer_id); example: ' || 'customer_id=' || IFNULL(CAST(bad.customer_id AS STRING), 'NULL') || '. Deduplicate the source query, e.g. keep ROW_NUMBER() OVER (PARTITION BY customer_id ORDER BY <newest first>) = 1.') AS load_check_failed
FROM (
    SELECT s.customer_id FROM stage.customer_src s GROUP BY s.customer_id HAVING COUNT(*) > 1
    LIMIT 1
) bad;
DROP TABLE IF EXISTS dw.Z_DELTA_customer_snap;
CREATE TABLE dw.Z_DELTA_customer_snap AS
WITH tgt_keys AS (
    -- What the target knows per key: the latest time it has seen, whether a version is open
    SELECT t.customer_id, MAX(IFNULL(t.valid_to, t.valid_from)) AS _last
    FROM dw.customer_snap t
    GROUP BY t.customer_id
),
events AS (
    -- The open version of each key: the state that new observations are compared with
    SELECT c.customer_id, c.region, c.plan, c.status, c.updated_at, 0 AS _new, 0 AS _del, c.valid_from AS _ord, c.valid_from AS _vf, c.valid_from AS _seen, c.valid_from AS _init
    FROM dw.customer_snap c
    WHERE c.valid_to IS NULL
    UNION ALL
    -- New observations
    SELECT s.customer_id, s.region, s.plan, s.status, s.updated_at, 1, 0, CAST(CURRENT_TIMESTAMP AS DATETIME), CAST(CURRENT_TIMESTAMP AS DATETIME), CAST(CURRENT_TIMESTAMP AS DATETIME), CAST(CURRENT_TIMESTAMP AS DATETIME)
    FROM stage.customer_src s
),
flagged AS (
    SELECT
        e.*
        , LAG(e._del) OVER (PARTITION BY customer_id ORDER BY _new, _ord) AS _p_del
        , LAG(e.region) OVER (PARTITION BY customer_id ORDER BY _new, _ord) AS _p_region
        , LAG(e.plan) OVER (PARTITION BY customer_id ORDER BY _new, _ord) AS _p_plan
        , LAG(e.status) OVER (PARTITION BY customer_id ORDER BY _new, _ord) AS _p_status
        , LAG(e.updated_at) OVER (PARTITION BY customer_id ORDER BY _new, _ord) AS _p_updated_at
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
            OR (f.region IS DISTINCT FROM f._p_region OR f.plan IS DISTINCT FROM f._p_plan OR f.status IS DISTINCT FROM f._p_status OR f.updated_at IS DISTINCT FROM f._p_updated_at)))
),
numbered AS (
    SELECT
        kp.*
        , LAG(kp._del) OVER (PARTITION BY customer_id ORDER BY _new, _ord) AS _pk_del
        , LAG(kp._vf) OVER (PARTITION BY customer_id ORDER BY _new, _ord) AS _pk_vf
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
            -- a reappearance whose version time is not after the close: starts when seen again
            WHEN n._del = 0 AND n._pk_del = 1 AND n._vf <= n._pk_vf THEN n._seen
            WHEN n._del = 0 AND n._n = 1 AND n._vf <= k._last THEN n._seen
            ELSE n._vf
        END AS _from
    FROM numbered n
    LEFT JOIN tgt_keys k ON k.customer_id = n.customer_id
),
ranged AS (
    SELECT st.*, LEAD(st._from) OVER (PARTITION BY customer_id ORDER BY _new, _ord) AS _to
    FROM starts st
)
-- The delta: versions to insert, and open versions that get closed
SELECT r.customer_id, r.region, r.plan, r.status, r.updated_at, r._from AS valid_from, r._to AS valid_to, r._new AS is_new_version
FROM ranged r
WHERE r._del = 0 AND (r._new = 1 OR r._to IS NOT NULL);

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
BEGIN TRANSACTION;
MERGE INTO dw.customer_snap trg USING dw.Z_DELTA_customer_snap src
ON (trg.customer_id = src.customer_id AND trg.valid_from = src.valid_from)
WHEN MATCHED THEN UPDATE SET valid_to = src.valid_to
WHEN NOT MATCHED THEN INSERT (customer_id, region, plan, status, updated_at, valid_from, valid_to)
VALUES (src.customer_id, src.region, src.plan, src.status, src.updated_at, src.valid_from, src.valid_to);
COMMIT;
DROP TABLE dw.Z_DELTA_customer_snap;
