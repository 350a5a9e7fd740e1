/* 1. load_ref_customer (GENERATED - REF) */
SELECT CAST('generated REF load load_ref_customer into dv.ref_customer: the stage rows of key ' || bad.dv_key_text || ' conflict (same key, different datahashes); nothing was loaded. Deliver one row per key, or rows of a key that differ only in load time and record source.' AS INTEGER) AS load_check_failed
FROM (
    SELECT MIN(m.dv_key_text) AS dv_key_text
    FROM (
        SELECT MD5(UPPER(COALESCE(NULLIF(TRIM(s.customer_id), ''), '-1'))) AS dv_id,
            s.load_ts AS dv_load_time,
            s.rec_src AS dv_record_source,
            MD5(COALESCE(s.name, '-1') || '~' || COALESCE(s.city, '-1')) AS dv_datahash,
            s.name AS name,
            s.city AS city,
            UPPER(COALESCE(NULLIF(TRIM(s.customer_id), ''), '-1')) AS dv_key_text
        FROM stage.customer_stg s
    ) m
    GROUP BY m.dv_id
    HAVING MIN(m.dv_datahash) <> MAX(m.dv_datahash)
    LIMIT 1
) bad;
BEGIN TRANSACTION;
UPDATE dv.ref_customer AS trg SET dv_load_time = src.dv_load_time, dv_record_source = src.dv_record_source, dv_datahash = src.dv_datahash, name = src.name, city = src.city
FROM (
    SELECT n.dv_id, n.dv_load_time, n.dv_record_source, n.dv_datahash, n.name, n.city
    FROM (
        SELECT m.*,
            ROW_NUMBER() OVER (PARTITION BY m.dv_id ORDER BY m.dv_load_time, m.dv_record_source) AS dv_row_number
        FROM (
            SELECT MD5(UPPER(COALESCE(NULLIF(TRIM(s.customer_id), ''), '-1'))) AS dv_id,
                s.load_ts AS dv_load_time,
                s.rec_src AS dv_record_source,
                MD5(COALESCE(s.name, '-1') || '~' || COALESCE(s.city, '-1')) AS dv_datahash,
                s.name AS name,
                s.city AS city
            FROM stage.customer_stg s
        ) m
    ) n
    WHERE n.dv_row_number = 1
) src
WHERE trg.dv_id = src.dv_id
  AND trg.dv_datahash <> src.dv_datahash;
INSERT INTO dv.ref_customer (dv_id, dv_load_time, dv_record_source, dv_datahash, name, city)
SELECT src.dv_id, src.dv_load_time, src.dv_record_source, src.dv_datahash, src.name, src.city
FROM (
    SELECT n.dv_id, n.dv_load_time, n.dv_record_source, n.dv_datahash, n.name, n.city
    FROM (
        SELECT m.*,
            ROW_NUMBER() OVER (PARTITION BY m.dv_id ORDER BY m.dv_load_time, m.dv_record_source) AS dv_row_number
        FROM (
            SELECT MD5(UPPER(COALESCE(NULLIF(TRIM(s.customer_id), ''), '-1'))) AS dv_id,
                s.load_ts AS dv_load_time,
                s.rec_src AS dv_record_source,
                MD5(COALESCE(s.name, '-1') || '~' || COALESCE(s.city, '-1')) AS dv_datahash,
                s.name AS name,
                s.city AS city
            FROM stage.customer_stg s
        ) m
    ) n
    WHERE n.dv_row_number = 1
) src
WHERE NOT EXISTS (SELECT 1 FROM dv.ref_customer t WHERE t.dv_id = src.dv_id);
COMMIT;
