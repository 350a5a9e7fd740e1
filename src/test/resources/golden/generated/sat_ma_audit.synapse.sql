/* 1. load_sat_ma_phone (GENERATED - SAT_MA) */
SET XACT_ABORT ON;
BEGIN TRANSACTION;
INSERT INTO dv.sat_ma_phone (dv_id, dv_load_time, dv_record_source, dv_datahash, phone)
SELECT mem.dv_id, mem.dv_load_time, mem.dv_record_source, ch.dv_set_hash, mem.phone
FROM (
    SELECT m.dv_id AS dv_id, m.dv_load_time AS dv_load_time, m.phone COLLATE Latin1_General_BIN2 AS phone, MIN(m.dv_record_source COLLATE Latin1_General_BIN2) AS dv_record_source
    FROM (
        SELECT LOWER(CONVERT(VARCHAR(32), HASHBYTES('MD5', UPPER(COALESCE(NULLIF(LTRIM(RTRIM(s.customer_id)), ''), '-1'))), 2)) AS dv_id,
            s.load_ts AS dv_load_time,
            s.rec_src AS dv_record_source,
            s.phone AS phone
        FROM stage.phone_stg s
    ) m
    GROUP BY m.dv_id, m.dv_load_time, m.phone COLLATE Latin1_General_BIN2
) mem
JOIN (
    SELECT st.*, l.dv_latest_key, l.dv_latest_hash,
        LAG(st.dv_set_hash) OVER (PARTITION BY st.dv_set_key ORDER BY st.dv_set_time) AS dv_previous_hash
    FROM (
        SELECT x.dv_set_key, x.dv_set_time, LOWER(CONVERT(VARCHAR(32), HASHBYTES('MD5', STRING_AGG(CAST(COALESCE(x.phone, '-1') AS VARCHAR(MAX)), '~') WITHIN GROUP (ORDER BY COALESCE(x.phone, '-1') COLLATE Latin1_General_BIN2)), 2)) AS dv_set_hash
        FROM (
            SELECT DISTINCT LOWER(CONVERT(VARCHAR(32), HASHBYTES('MD5', UPPER(COALESCE(NULLIF(LTRIM(RTRIM(s.customer_id)), ''), '-1'))), 2)) AS dv_set_key, s.load_ts AS dv_set_time, s.phone COLLATE Latin1_General_BIN2 AS phone
            FROM stage.phone_stg s
        ) x
        GROUP BY x.dv_set_key, x.dv_set_time
    ) st
    LEFT JOIN (
        SELECT r.dv_id AS dv_latest_key, r.dv_load_time AS dv_latest_load_time, r.dv_datahash AS dv_latest_hash
        FROM (
            SELECT t.dv_id, t.dv_load_time, t.dv_datahash,
                ROW_NUMBER() OVER (PARTITION BY t.dv_id ORDER BY t.dv_load_time DESC, t.dv_datahash DESC) AS dv_row_number
            FROM dv.sat_ma_phone t
        ) r
        WHERE r.dv_row_number = 1
    ) l ON l.dv_latest_key = st.dv_set_key
    WHERE l.dv_latest_load_time IS NULL OR st.dv_set_time > l.dv_latest_load_time
) ch ON ch.dv_set_key = mem.dv_id AND ch.dv_set_time = mem.dv_load_time
WHERE (ch.dv_previous_hash IS NULL AND (ch.dv_latest_key IS NULL OR ch.dv_latest_hash <> ch.dv_set_hash))
   OR ch.dv_previous_hash <> ch.dv_set_hash;
-- Audit (OPT_AUDIT_HISTORY): one set per key and load time of the keys of this batch, after the write and before the COMMIT
SELECT CAST('generated SAT_MA load load_sat_ma_phone: the target dv.sat_ma_phone breaks its history invariants after the write; offending keys (at most 5 shown): ' + REPLACE(bad.dv_audit_keys, '~', '; ') + '. The load is rolled back; repair the history (or the load) and rerun.' AS INTEGER) AS load_check_failed
FROM (
    SELECT TOP 1 * FROM (
    SELECT a.* FROM (
    SELECT COUNT(*) AS dv_audit_n, STRING_AGG(x.dv_audit_key + ': ' + x.dv_audit_problem, '~') WITHIN GROUP (ORDER BY x.dv_audit_key + ': ' + x.dv_audit_problem) AS dv_audit_keys
    FROM (
    SELECT TOP 5 * FROM (
        SELECT 'dv_id=' + COALESCE(CAST(h.dv_id AS VARCHAR(4000)), 'NULL') + ', dv_load_time=' + COALESCE(CAST(h.dv_load_time_text AS VARCHAR(4000)), 'NULL') AS dv_audit_key, CASE MIN(h.dv_audit_code) WHEN 1 THEN 'several sets (datahashes) at one load time' END AS dv_audit_problem
        FROM (
            SELECT t.dv_id, CONVERT(VARCHAR(19), t.dv_load_time, 126) + '.' + RIGHT('000000' + CAST(DATEPART(MICROSECOND, t.dv_load_time) AS VARCHAR(6)), 6) AS dv_load_time_text, CASE WHEN COUNT(DISTINCT t.dv_datahash) > 1 THEN 1 END AS dv_audit_code
            FROM dv.sat_ma_phone t
            WHERE EXISTS (SELECT 1 FROM (
                SELECT LOWER(CONVERT(VARCHAR(32), HASHBYTES('MD5', UPPER(COALESCE(NULLIF(LTRIM(RTRIM(s.customer_id)), ''), '-1'))), 2)) AS dv_id
                FROM stage.phone_stg s
            ) b WHERE b.dv_id = t.dv_id)
            GROUP BY t.dv_id, t.dv_load_time
        ) h
        WHERE h.dv_audit_code IS NOT NULL
        GROUP BY h.dv_id, h.dv_load_time_text
    ) f ORDER BY f.dv_audit_key
    ) x
    ) a
    WHERE a.dv_audit_n > 0
    ) o
) bad;
COMMIT;
