-- SAT by hand. First the check: two states of one key at one load time stop the load.
SELECT CAST('conflicting stage rows for key ' || MIN(b.business_key) AS INTEGER) AS load_check_failed
FROM (
    SELECT UPPER(COALESCE(NULLIF(TRIM(s.customer_id), ''), '-1')) AS business_key
    FROM stage.customer_stg s
    GROUP BY UPPER(COALESCE(NULLIF(TRIM(s.customer_id), ''), '-1')), s.load_ts
    HAVING MIN(MD5(COALESCE(s.name, '-1') || '~' || COALESCE(s.city, '-1')))
        <> MAX(MD5(COALESCE(s.name, '-1') || '~' || COALESCE(s.city, '-1')))
    LIMIT 1
) b;
-- Then the batch's states later than the key's latest satellite row, one per key and load time
-- (lowest record source), each kept where it differs from the state before it (in the batch, else
-- the satellite's latest).
INSERT INTO dv.hand_sat_customer (dv_id, dv_load_time, dv_record_source, dv_datahash, name, city)
SELECT c.dv_id, c.dv_load_time, c.dv_record_source, c.dv_datahash, c.name, c.city
FROM (
    SELECT b.*, COALESCE(LAG(b.dv_datahash) OVER (PARTITION BY b.dv_id ORDER BY b.dv_load_time), l.dv_datahash) AS previous_hash
    FROM (
        SELECT DISTINCT ON (h.dv_id, h.dv_load_time) h.*
        FROM (
            SELECT MD5(UPPER(COALESCE(NULLIF(TRIM(s.customer_id), ''), '-1'))) AS dv_id, s.load_ts AS dv_load_time,
                s.rec_src AS dv_record_source, MD5(COALESCE(s.name, '-1') || '~' || COALESCE(s.city, '-1')) AS dv_datahash,
                s.name, s.city
            FROM stage.customer_stg s
        ) h
        ORDER BY h.dv_id, h.dv_load_time, h.dv_record_source:bytes
    ) b
    LEFT JOIN (
        SELECT DISTINCT ON (t.dv_id) t.dv_id, t.dv_load_time, t.dv_datahash
        FROM dv.hand_sat_customer t
        ORDER BY t.dv_id, t.dv_load_time DESC
    ) l ON l.dv_id = b.dv_id
    WHERE l.dv_id IS NULL OR b.dv_load_time > l.dv_load_time
) c
WHERE c.previous_hash IS NULL OR c.previous_hash <> c.dv_datahash;
