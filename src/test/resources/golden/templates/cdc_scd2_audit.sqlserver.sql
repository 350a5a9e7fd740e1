/* 1. step_1 (OVERRIDE - SQL) */
DROP TABLE IF EXISTS dw.Z_CDC_DUPS_person_scd2;
-- Key and sequence values with several events (normally none)
SELECT * INTO dw.Z_CDC_DUPS_person_scd2 FROM (
SELECT g.person_id, g.tenant, g.cdc_seq FROM stage.person_cdc g GROUP BY g.person_id, g.tenant, g.cdc_seq HAVING COUNT(*) > 1
) q;
-- Two different events with the same key and sequence stop the load before any write.
SELECT CAST('cdc_scd2 load cdc_person: the source stage.person_cdc has different events with the same key and sequence (person_id, tenant, cdc_seq); example: ' + 'person_id=' + COALESCE(CAST(bad.person_id AS VARCHAR(4000)), 'NULL') + ', tenant=' + COALESCE(CAST(bad.tenant AS VARCHAR(4000)), 'NULL') + ', cdc_seq=' + COALESCE(CAST(bad.cdc_seq AS VARCHAR(4000)), 'NULL') + '. Each event of a key needs its own sequence value; fix the CDC extract.' AS INTEGER) AS load_check_failed
FROM (
    SELECT TOP 1 * FROM (
    SELECT e.person_id, e.tenant, e.cdc_seq
    FROM (
        SELECT DISTINCT s.person_id, s.tenant, s.name, s.city, s.cdc_seq, s.cdc_operation, s.event_time
        FROM stage.person_cdc s
        JOIN dw.Z_CDC_DUPS_person_scd2 d ON d.person_id = s.person_id AND d.tenant = s.tenant AND d.cdc_seq = s.cdc_seq
        UNION ALL
        SELECT DISTINCT s.person_id, s.tenant, s.name, s.city, s.cdc_seq, s.cdc_operation, s.event_time
        FROM stage.person_cdc s
        WHERE s.person_id IS NULL OR s.tenant IS NULL OR s.cdc_seq IS NULL
    ) e
    GROUP BY e.person_id, e.tenant, e.cdc_seq HAVING COUNT(*) > 1
    ) o
) bad;
DROP TABLE dw.Z_CDC_DUPS_person_scd2;
DROP TABLE IF EXISTS dw.Z_CDC_KEYS_person_scd2;
-- Keys with events that the target does not reflect yet
SELECT * INTO dw.Z_CDC_KEYS_person_scd2 FROM (
SELECT DISTINCT e.person_id, e.tenant
FROM stage.person_cdc e
WHERE (NOT (COALESCE(e.cdc_operation, '') = 'D') AND NOT EXISTS (
        SELECT 1 FROM dw.person_scd2 t WHERE t.person_id = e.person_id AND t.tenant = e.tenant AND t.cdc_seq = e.cdc_seq))
    OR (COALESCE(e.cdc_operation, '') = 'D' AND NOT EXISTS (
        SELECT 1 FROM dw.person_scd2 t WHERE t.person_id = e.person_id AND t.tenant = e.tenant AND t.valid_to = e.event_time))
) q;
DROP TABLE IF EXISTS dw.Z_CDC_HIST_person_scd2;
-- The rebuilt history of those keys: every event, valid until the next event of its key
SELECT * INTO dw.Z_CDC_HIST_person_scd2 FROM (
SELECT
    v.person_id, v.tenant, v.name, v.city, v.cdc_seq
    , v.event_time AS valid_from
    , v._next AS valid_to
    , CASE WHEN v._next IS NULL THEN 1 ELSE 0 END AS is_current
FROM (
    SELECT
        e.*
        , LEAD(e.event_time) OVER (PARTITION BY e.person_id, e.tenant ORDER BY e.cdc_seq) AS _next
    FROM (
        SELECT DISTINCT s.person_id, s.tenant, s.name, s.city, s.cdc_seq, s.cdc_operation, s.event_time
        FROM stage.person_cdc s
        JOIN dw.Z_CDC_KEYS_person_scd2 k ON k.person_id = s.person_id AND k.tenant = s.tenant
    ) e
) v
WHERE NOT (COALESCE(v.cdc_operation, '') = 'D')
) q;
SET XACT_ABORT ON;
BEGIN TRANSACTION;
DELETE trg FROM dw.person_scd2 trg WHERE EXISTS (SELECT 1 FROM dw.Z_CDC_KEYS_person_scd2 k WHERE k.person_id = trg.person_id AND k.tenant = trg.tenant);
INSERT INTO dw.person_scd2 (person_id, tenant, name, city, cdc_seq, valid_from, valid_to, is_current)
SELECT person_id, tenant, name, city, cdc_seq, valid_from, valid_to, is_current
FROM dw.Z_CDC_HIST_person_scd2;
-- Audit (audit_history): the history's invariants of the keys of this batch, after the write and before the COMMIT
SELECT CAST('cdc_scd2 load cdc_person: the target dw.person_scd2 breaks its history invariants after the write; offending keys (at most 5 shown): ' + REPLACE(bad.dv_audit_keys, '~', '; ') + '. The load is rolled back; repair the history (or the load) and rerun.' AS INTEGER) AS load_check_failed
FROM (
    SELECT TOP 1 * FROM (
    SELECT a.* FROM (
    SELECT COUNT(*) AS dv_audit_n, STRING_AGG(x.dv_audit_key + ': ' + x.dv_audit_problem, '~') WITHIN GROUP (ORDER BY x.dv_audit_key + ': ' + x.dv_audit_problem) AS dv_audit_keys
    FROM (
    SELECT TOP 5 * FROM (
        SELECT 'person_id=' + COALESCE(CAST(h.person_id AS VARCHAR(4000)), 'NULL') + ', tenant=' + COALESCE(CAST(h.tenant AS VARCHAR(4000)), 'NULL') AS dv_audit_key, CASE MIN(h.dv_audit_code) WHEN 1 THEN 'two open versions' WHEN 2 THEN 'two rows with one valid_from' WHEN 3 THEN 'a range that ends where or before it starts' WHEN 4 THEN 'overlapping ranges' WHEN 5 THEN 'a current flag that disagrees with the open end' END AS dv_audit_problem
        FROM (
            SELECT w.person_id, w.tenant, CASE
                WHEN w.dv_open_n > 1 THEN 1
                WHEN w.dv_next_from = w.dv_from THEN 2
                WHEN w.dv_end IS NOT NULL AND w.dv_end <= w.dv_from THEN 3
                WHEN w.dv_next_from IS NOT NULL AND (w.dv_end IS NULL OR w.dv_end > w.dv_next_from) THEN 4
                WHEN w.dv_current <> CASE WHEN w.dv_end IS NULL THEN 1 ELSE 0 END THEN 5
            END AS dv_audit_code
            FROM (
                SELECT t.person_id, t.tenant, t.valid_from AS dv_from, t.valid_to AS dv_end, CASE WHEN t.is_current = 1 THEN 1 ELSE 0 END AS dv_current
                    , SUM(CASE WHEN t.valid_to IS NULL THEN 1 ELSE 0 END) OVER (PARTITION BY t.person_id, t.tenant ORDER BY t.valid_from ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS dv_open_n
                    , LEAD(t.valid_from) OVER (PARTITION BY t.person_id, t.tenant ORDER BY t.valid_from) AS dv_next_from
                FROM dw.person_scd2 t
                WHERE EXISTS (SELECT 1 FROM (SELECT k.person_id, k.tenant FROM dw.Z_CDC_KEYS_person_scd2 k) b WHERE b.person_id = t.person_id AND b.tenant = t.tenant)
            ) w
        ) h
        WHERE h.dv_audit_code IS NOT NULL
        GROUP BY h.person_id, h.tenant
    ) f ORDER BY f.dv_audit_key
    ) x
    ) a
    WHERE a.dv_audit_n > 0
    ) o
) bad;
COMMIT;
DROP TABLE dw.Z_CDC_KEYS_person_scd2;
DROP TABLE dw.Z_CDC_HIST_person_scd2;
