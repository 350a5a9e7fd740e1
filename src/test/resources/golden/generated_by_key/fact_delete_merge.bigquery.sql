/* 1. load_ref_customer (GENERATED - FACT) */
SELECT ERROR('generated FACT load load_ref_customer into dv.ref_customer: the stage rows of key ' || bad.dv_key_text || ' conflict (same key, different datahashes); nothing was loaded. Deliver one row per key, or rows of a key that differ only in load time and record source.') AS load_check_failed
FROM (
    SELECT MIN(m.dv_key_text) AS dv_key_text
    FROM (
        SELECT TO_HEX(MD5(UPPER(IFNULL(NULLIF(TRIM(s.customer_id), ''), '-1')))) AS dv_id,
            s.load_ts AS dv_load_time,
            s.rec_src AS dv_record_source,
            TO_HEX(MD5(IFNULL(s.name, '-1') || '~' || IFNULL(s.city, '-1'))) AS dv_datahash,
            s.name AS name,
            s.city AS city,
            UPPER(IFNULL(NULLIF(TRIM(s.customer_id), ''), '-1')) AS dv_key_text
        FROM stage.customer_stg s
    ) m
    GROUP BY m.dv_id
    HAVING MIN(m.dv_datahash) <> MAX(m.dv_datahash)
    LIMIT 1
) bad;
MERGE INTO dv.ref_customer trg USING (
    SELECT n.dv_id, n.dv_load_time, n.dv_record_source, n.dv_datahash, n.name, n.city, 0 AS dv_delete_row
    FROM (
        SELECT m.*,
            ROW_NUMBER() OVER (PARTITION BY m.dv_id ORDER BY m.dv_load_time, m.dv_record_source) AS dv_row_number
        FROM (
            SELECT TO_HEX(MD5(UPPER(IFNULL(NULLIF(TRIM(s.customer_id), ''), '-1')))) AS dv_id,
                s.load_ts AS dv_load_time,
                s.rec_src AS dv_record_source,
                TO_HEX(MD5(IFNULL(s.name, '-1') || '~' || IFNULL(s.city, '-1'))) AS dv_datahash,
                s.name AS name,
                s.city AS city
            FROM stage.customer_stg s
        ) m
    ) n
    WHERE n.dv_row_number = 1
    UNION ALL
    SELECT t.dv_id, t.dv_load_time, t.dv_record_source, t.dv_datahash, t.name, t.city, 1 AS dv_delete_row
    FROM dv.ref_customer t
    WHERE NOT EXISTS (
        SELECT 1
        FROM (
            SELECT TO_HEX(MD5(UPPER(IFNULL(NULLIF(TRIM(s.customer_id), ''), '-1')))) AS dv_id
            FROM stage.customer_stg s
        ) k
        WHERE k.dv_id = t.dv_id
    )
      AND EXISTS (
        SELECT TO_HEX(MD5(UPPER(IFNULL(NULLIF(TRIM(s.customer_id), ''), '-1')))) AS dv_id
        FROM stage.customer_stg s
    )
) src
ON (trg.dv_id = src.dv_id)
WHEN MATCHED AND src.dv_delete_row = 1 THEN DELETE
WHEN MATCHED AND src.dv_delete_row = 0 AND trg.dv_datahash <> src.dv_datahash THEN UPDATE SET dv_load_time = src.dv_load_time, dv_record_source = src.dv_record_source, dv_datahash = src.dv_datahash, name = src.name, city = src.city
WHEN NOT MATCHED AND src.dv_delete_row = 0 THEN INSERT (dv_id, dv_load_time, dv_record_source, dv_datahash, name, city)
VALUES (src.dv_id, src.dv_load_time, src.dv_record_source, src.dv_datahash, src.name, src.city);
