/* 1. load_psa_customer (GENERATED - PSA) */
SELECT CAST('generated PSA load load_psa_customer into dv.psa_customer: the stage rows of key ' + bad.dv_key_text + ' at load time ' + bad.dv_load_time_text + ' conflict (same key and load time, different datahashes); nothing was loaded. Deliver one row per key and load time.' AS INTEGER) AS load_check_failed
FROM (
    SELECT TOP 1 * FROM (
    SELECT m.dv_key_text COLLATE Latin1_General_BIN2 AS dv_key_text, CONVERT(VARCHAR(19), m.dv_load_time, 126) + '.' + RIGHT('000000' + CAST(DATEPART(MICROSECOND, m.dv_load_time) AS VARCHAR(6)), 6) AS dv_load_time_text
    FROM (
        SELECT UPPER(COALESCE(NULLIF(LTRIM(RTRIM(s.customer_id)), ''), '-1')) AS dv_key_text,
            s.load_ts AS dv_load_time,
            LOWER(CONVERT(VARCHAR(32), HASHBYTES('MD5', COALESCE(s.customer_id, '-1') + '~' + COALESCE(s.name, '-1') + '~' + COALESCE(s.city, '-1') + '~' + COALESCE(s.rec_src, '-1')), 2)) AS dw_hash
        FROM stage.customer_stg s
    ) m
    GROUP BY m.dv_key_text COLLATE Latin1_General_BIN2, m.dv_load_time
    HAVING MIN(m.dw_hash) <> MAX(m.dw_hash)
    ) o
) bad;
SET XACT_ABORT ON;
BEGIN TRANSACTION;
INSERT INTO dv.psa_customer (dw_id, dv_load_time, dw_hash, customer_id, name, city, rec_src)
SELECT c.dw_id, c.dv_load_time, c.dw_hash, c.customer_id, c.name, c.city, c.rec_src
FROM (
    SELECT d.*, l.dv_latest_key, l.dv_latest_hash,
        LAG(d.dw_hash) OVER (PARTITION BY d.dw_id ORDER BY d.dv_load_time) AS dv_previous_hash
    FROM (
        SELECT n.*
        FROM (
            SELECT m.*,
                ROW_NUMBER() OVER (PARTITION BY m.dw_id, m.dv_load_time, m.dw_hash ORDER BY m.dv_load_time) AS dv_row_number
            FROM (
                SELECT LOWER(CONVERT(VARCHAR(32), HASHBYTES('MD5', UPPER(COALESCE(NULLIF(LTRIM(RTRIM(s.customer_id)), ''), '-1'))), 2)) AS dw_id,
                    s.load_ts AS dv_load_time,
                    LOWER(CONVERT(VARCHAR(32), HASHBYTES('MD5', COALESCE(s.customer_id, '-1') + '~' + COALESCE(s.name, '-1') + '~' + COALESCE(s.city, '-1') + '~' + COALESCE(s.rec_src, '-1')), 2)) AS dw_hash,
                    s.customer_id AS customer_id,
                    s.name AS name,
                    s.city AS city,
                    s.rec_src AS rec_src
                FROM stage.customer_stg s
            ) m
        ) n
        WHERE n.dv_row_number = 1
    ) d
    LEFT JOIN (
        SELECT r.dw_id AS dv_latest_key, r.dv_load_time AS dv_latest_load_time, r.dw_hash AS dv_latest_hash
        FROM (
            SELECT t.dw_id, t.dv_load_time, t.dw_hash,
                ROW_NUMBER() OVER (PARTITION BY t.dw_id ORDER BY t.dv_load_time DESC) AS dv_row_number
            FROM dv.psa_customer t
        ) r
        WHERE r.dv_row_number = 1
    ) l ON l.dv_latest_key = d.dw_id
    WHERE l.dv_latest_load_time IS NULL OR d.dv_load_time > l.dv_latest_load_time
) c
WHERE (c.dv_previous_hash IS NULL AND (c.dv_latest_key IS NULL OR c.dv_latest_hash <> c.dw_hash))
   OR c.dv_previous_hash <> c.dw_hash;
-- Audit (OPT_AUDIT_HISTORY): one row per key and load time of the keys of this batch, after the write and before the COMMIT
SELECT CAST('generated PSA load load_psa_customer: the target dv.psa_customer breaks its history invariants after the write; offending keys (at most 5 shown): ' + REPLACE(bad.dv_audit_keys, '~', '; ') + '. The load is rolled back; repair the history (or the load) and rerun.' AS INTEGER) AS load_check_failed
FROM (
    SELECT TOP 1 * FROM (
    SELECT a.* FROM (
    SELECT COUNT(*) AS dv_audit_n, STRING_AGG(x.dv_audit_key + ': ' + x.dv_audit_problem, '~') WITHIN GROUP (ORDER BY x.dv_audit_key + ': ' + x.dv_audit_problem) AS dv_audit_keys
    FROM (
    SELECT TOP 5 * FROM (
        SELECT 'dw_id=' + COALESCE(CAST(h.dw_id AS VARCHAR(4000)), 'NULL') + ', dv_load_time=' + COALESCE(CAST(h.dv_load_time_text AS VARCHAR(4000)), 'NULL') AS dv_audit_key, CASE MIN(h.dv_audit_code) WHEN 1 THEN 'several rows at one load time' END AS dv_audit_problem
        FROM (
            SELECT t.dw_id, CONVERT(VARCHAR(19), t.dv_load_time, 126) + '.' + RIGHT('000000' + CAST(DATEPART(MICROSECOND, t.dv_load_time) AS VARCHAR(6)), 6) AS dv_load_time_text, CASE WHEN COUNT(*) > 1 THEN 1 END AS dv_audit_code
            FROM dv.psa_customer t
            WHERE EXISTS (SELECT 1 FROM (
                SELECT LOWER(CONVERT(VARCHAR(32), HASHBYTES('MD5', UPPER(COALESCE(NULLIF(LTRIM(RTRIM(s.customer_id)), ''), '-1'))), 2)) AS dw_id
                FROM stage.customer_stg s
            ) b WHERE b.dw_id = t.dw_id)
            GROUP BY t.dw_id, t.dv_load_time
        ) h
        WHERE h.dv_audit_code IS NOT NULL
        GROUP BY h.dw_id, h.dv_load_time_text
    ) f ORDER BY f.dv_audit_key
    ) x
    ) a
    WHERE a.dv_audit_n > 0
    ) o
) bad;
COMMIT;
