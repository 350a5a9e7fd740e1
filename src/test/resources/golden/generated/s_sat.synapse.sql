/* 1. load_s_sat_customer (GENERATED - S_SAT) */
SET XACT_ABORT ON;
BEGIN TRANSACTION;
INSERT INTO dv.s_sat_customer (dv_id, dv_load_time, dv_status, dv_record_source)
SELECT l.dv_id, CURRENT_TIMESTAMP, '0', l.dv_record_source
FROM (
        SELECT r.dv_id, r.dv_status, r.dv_record_source
        FROM (
            SELECT t.dv_id, t.dv_status, t.dv_record_source,
                ROW_NUMBER() OVER (PARTITION BY t.dv_id ORDER BY t.dv_load_time DESC) AS dv_row_number
            FROM dv.s_sat_customer t
        ) r
        WHERE r.dv_row_number = 1
    ) l
WHERE l.dv_status = '1'
  AND NOT EXISTS (
    SELECT 1
    FROM (
        SELECT LOWER(CONVERT(VARCHAR(32), HASHBYTES('MD5', UPPER(COALESCE(NULLIF(LTRIM(RTRIM(s.customer_id)), ''), '-1'))), 2)) AS dv_id,
            s.rec_src AS dv_record_source
        FROM stage.customer_stg s
    ) m
    WHERE m.dv_id = l.dv_id
  )
  AND EXISTS (
    SELECT LOWER(CONVERT(VARCHAR(32), HASHBYTES('MD5', UPPER(COALESCE(NULLIF(LTRIM(RTRIM(s.customer_id)), ''), '-1'))), 2)) AS dv_id,
        s.rec_src AS dv_record_source
    FROM stage.customer_stg s
  );
INSERT INTO dv.s_sat_customer (dv_id, dv_load_time, dv_status, dv_record_source)
SELECT k.dv_id, CURRENT_TIMESTAMP, '1', k.dv_record_source
FROM (
    SELECT m.*,
        ROW_NUMBER() OVER (PARTITION BY m.dv_id ORDER BY m.dv_record_source COLLATE Latin1_General_BIN2) AS dv_row_number
    FROM (
        SELECT LOWER(CONVERT(VARCHAR(32), HASHBYTES('MD5', UPPER(COALESCE(NULLIF(LTRIM(RTRIM(s.customer_id)), ''), '-1'))), 2)) AS dv_id,
            s.rec_src AS dv_record_source
        FROM stage.customer_stg s
    ) m
) k
LEFT JOIN (
        SELECT r.dv_id, r.dv_status, r.dv_record_source
        FROM (
            SELECT t.dv_id, t.dv_status, t.dv_record_source,
                ROW_NUMBER() OVER (PARTITION BY t.dv_id ORDER BY t.dv_load_time DESC) AS dv_row_number
            FROM dv.s_sat_customer t
        ) r
        WHERE r.dv_row_number = 1
    ) l ON l.dv_id = k.dv_id
WHERE k.dv_row_number = 1
  AND (l.dv_id IS NULL OR l.dv_status <> '1');
COMMIT;
