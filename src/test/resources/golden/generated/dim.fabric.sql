/* 1. load_ref_customer (GENERATED - DIM) */
SELECT CAST('generated DIM load load_ref_customer into dv.ref_customer: the stage rows of key ' + bad.dv_key_text + ' conflict (same key, different datahashes); nothing was loaded. Deliver one row per key, or rows of a key that differ only in load time and record source.' AS INTEGER) AS load_check_failed
FROM (
    SELECT TOP 1 * FROM (
    SELECT MIN(m.dv_key_text) AS dv_key_text
    FROM (
        SELECT LOWER(CONVERT(VARCHAR(32), HASHBYTES('MD5', UPPER(COALESCE(NULLIF(LTRIM(RTRIM(s.customer_id)), ''), '-1'))), 2)) AS dv_id,
            s.load_ts AS dv_load_time,
            s.rec_src AS dv_record_source,
            LOWER(CONVERT(VARCHAR(32), HASHBYTES('MD5', COALESCE(s.name, '-1') + '~' + COALESCE(s.city, '-1')), 2)) AS dv_datahash,
            s.name AS name,
            s.city AS city,
            UPPER(COALESCE(NULLIF(LTRIM(RTRIM(s.customer_id)), ''), '-1')) AS dv_key_text
        FROM stage.customer_stg s
    ) m
    GROUP BY m.dv_id
    HAVING MIN(m.dv_datahash) <> MAX(m.dv_datahash)
    ) o
) bad;
DROP TABLE IF EXISTS dv.Z_MERGE_ref_customer;
CREATE TABLE dv.Z_MERGE_ref_customer AS
    SELECT n.dv_id, n.dv_load_time, n.dv_record_source, n.dv_datahash, n.name, n.city
    FROM (
        SELECT m.*,
            ROW_NUMBER() OVER (PARTITION BY m.dv_id ORDER BY m.dv_load_time, m.dv_record_source COLLATE Latin1_General_100_BIN2_UTF8) AS dv_row_number
        FROM (
            SELECT LOWER(CONVERT(VARCHAR(32), HASHBYTES('MD5', UPPER(COALESCE(NULLIF(LTRIM(RTRIM(s.customer_id)), ''), '-1'))), 2)) AS dv_id,
                s.load_ts AS dv_load_time,
                s.rec_src AS dv_record_source,
                LOWER(CONVERT(VARCHAR(32), HASHBYTES('MD5', COALESCE(s.name, '-1') + '~' + COALESCE(s.city, '-1')), 2)) AS dv_datahash,
                s.name AS name,
                s.city AS city
            FROM stage.customer_stg s
        ) m
    ) n
    WHERE n.dv_row_number = 1;
MERGE INTO dv.ref_customer trg USING dv.Z_MERGE_ref_customer src
ON (trg.dv_id = src.dv_id)
WHEN MATCHED AND trg.dv_datahash <> src.dv_datahash THEN UPDATE SET dv_load_time = src.dv_load_time, dv_record_source = src.dv_record_source, dv_datahash = src.dv_datahash, name = src.name, city = src.city
WHEN NOT MATCHED THEN INSERT (dv_id, dv_load_time, dv_record_source, dv_datahash, name, city)
VALUES (src.dv_id, src.dv_load_time, src.dv_record_source, src.dv_datahash, src.name, src.city);
DROP TABLE IF EXISTS dv.Z_MERGE_ref_customer;
