-- PSA by hand. First the check: two states of one key at one load time stop the load.
SELECT CAST('conflicting stage rows for key ' || MIN(b.business_key) AS INTEGER) AS load_check_failed
FROM (
    SELECT UPPER(COALESCE(NULLIF(TRIM(s.customer_id), ''), '-1')) AS business_key
    FROM stage.psa_stg s
    GROUP BY UPPER(COALESCE(NULLIF(TRIM(s.customer_id), ''), '-1')), s.load_ts
    HAVING MIN(MD5(COALESCE(s.customer_id, '-1') || '~' || COALESCE(s.name, '-1') || '~' || COALESCE(s.city, '-1') || '~' || COALESCE(s.rec_src, '-1')))
        <> MAX(MD5(COALESCE(s.customer_id, '-1') || '~' || COALESCE(s.name, '-1') || '~' || COALESCE(s.city, '-1') || '~' || COALESCE(s.rec_src, '-1')))
    LIMIT 1
) b;
-- Then every delivered state (the raw key spelling and the record source are payload) later than
-- the key's latest PSA row, once per key and load time, kept where it differs from the state before it.
INSERT INTO dv.hand_psa_customer (dw_id, dv_load_time, dw_hash, customer_id, name, city, rec_src)
SELECT c.dw_id, c.dv_load_time, c.dw_hash, c.customer_id, c.name, c.city, c.rec_src
FROM (
    SELECT b.*, COALESCE(LAG(b.dw_hash) OVER (PARTITION BY b.dw_id ORDER BY b.dv_load_time), l.dw_hash) AS previous_hash
    FROM (
        SELECT DISTINCT ON (h.dw_id, h.dv_load_time) h.*
        FROM (
            SELECT MD5(UPPER(COALESCE(NULLIF(TRIM(s.customer_id), ''), '-1'))) AS dw_id, s.load_ts AS dv_load_time,
                MD5(COALESCE(s.customer_id, '-1') || '~' || COALESCE(s.name, '-1') || '~' || COALESCE(s.city, '-1') || '~' || COALESCE(s.rec_src, '-1')) AS dw_hash,
                s.customer_id, s.name, s.city, s.rec_src
            FROM stage.psa_stg s
        ) h
        ORDER BY h.dw_id, h.dv_load_time
    ) b
    LEFT JOIN (
        SELECT DISTINCT ON (t.dw_id) t.dw_id, t.dv_load_time, t.dw_hash
        FROM dv.hand_psa_customer t
        ORDER BY t.dw_id, t.dv_load_time DESC
    ) l ON l.dw_id = b.dw_id
    WHERE l.dw_id IS NULL OR b.dv_load_time > l.dv_load_time
) c
WHERE c.previous_hash IS NULL OR c.previous_hash <> c.dw_hash;
