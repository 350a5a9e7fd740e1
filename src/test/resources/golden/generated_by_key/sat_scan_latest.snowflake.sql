/* 1. load_sat_customer (GENERATED - SAT) */
SELECT CAST('generated SAT load load_sat_customer into dv.sat_customer: the stage rows of key ' || bad.dv_key_text || ' at load time ' || bad.dv_load_time_text || ' conflict (same key and load time, different datahashes); nothing was loaded. Deliver one row per key and load time.' AS INTEGER) AS load_check_failed
FROM (
    SELECT m.dv_key_text AS dv_key_text, TO_VARCHAR(m.dv_load_time, 'YYYY-MM-DDTHH24:MI:SS.FF6') AS dv_load_time_text
    FROM (
        SELECT UPPER(NVL(NULLIF(TRIM(s.customer_id), ''), '-1')) AS dv_key_text,
            s.load_ts AS dv_load_time,
            MD5(NVL(s.name, '-1') || '~' || NVL(s.city, '-1')) AS dv_datahash
        FROM stage.customer_stg s
    ) m
    GROUP BY m.dv_key_text, m.dv_load_time
    HAVING MIN(m.dv_datahash) <> MAX(m.dv_datahash)
    LIMIT 1
) bad;
INSERT INTO dv.sat_customer (dv_id, dv_load_time, dv_record_source, dv_datahash, name, city)
SELECT c.dv_id, c.dv_load_time, c.dv_record_source, c.dv_datahash, c.name, c.city
FROM (
    SELECT d.*, l.dv_latest_key, l.dv_latest_hash,
        LAG(d.dv_datahash) OVER (PARTITION BY d.dv_id ORDER BY d.dv_load_time) AS dv_previous_hash
    FROM (
        SELECT n.*
        FROM (
            SELECT m.*,
                ROW_NUMBER() OVER (PARTITION BY m.dv_id, m.dv_load_time, m.dv_datahash ORDER BY m.dv_record_source) AS dv_row_number
            FROM (
                SELECT MD5(UPPER(NVL(NULLIF(TRIM(s.customer_id), ''), '-1'))) AS dv_id,
                    s.load_ts AS dv_load_time,
                    s.rec_src AS dv_record_source,
                    MD5(NVL(s.name, '-1') || '~' || NVL(s.city, '-1')) AS dv_datahash,
                    s.name AS name,
                    s.city AS city
                FROM stage.customer_stg s
            ) m
        ) n
        WHERE n.dv_row_number = 1
    ) d
    LEFT JOIN (
        SELECT r.dv_id AS dv_latest_key, r.dv_load_time AS dv_latest_load_time, r.dv_datahash AS dv_latest_hash
        FROM (
            SELECT t.dv_id, t.dv_load_time, t.dv_datahash,
                ROW_NUMBER() OVER (PARTITION BY t.dv_id ORDER BY t.dv_load_time DESC) AS dv_row_number
            FROM dv.sat_customer t
            WHERE t.dv_id IN (
                SELECT MD5(UPPER(NVL(NULLIF(TRIM(s.customer_id), ''), '-1'))) AS dv_id
                FROM stage.customer_stg s
            )
        ) r
        WHERE r.dv_row_number = 1
    ) l ON l.dv_latest_key = d.dv_id
    WHERE l.dv_latest_load_time IS NULL OR d.dv_load_time > l.dv_latest_load_time
) c
WHERE (c.dv_previous_hash IS NULL AND (c.dv_latest_key IS NULL OR c.dv_latest_hash <> c.dv_datahash))
   OR c.dv_previous_hash <> c.dv_datahash;
