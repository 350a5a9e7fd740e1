-- HUB by hand: keys not in the hub yet, each once with its earliest load time, then the lowest
-- record source (code point order).
INSERT INTO dv.hand_hub_customer (dv_id, business_key, dv_load_time, dv_record_source)
SELECT DISTINCT ON (h.dv_id) h.dv_id, h.business_key, h.dv_load_time, h.dv_record_source
FROM (
    SELECT MD5(k.business_key) AS dv_id, k.business_key, k.load_ts AS dv_load_time, k.rec_src AS dv_record_source
    FROM (
        SELECT UPPER(COALESCE(NULLIF(TRIM(s.customer_id), ''), '-1')) AS business_key, s.load_ts, s.rec_src
        FROM stage.customer_stg s
    ) k
) h
WHERE NOT EXISTS (SELECT 1 FROM dv.hand_hub_customer t WHERE t.dv_id = h.dv_id)
ORDER BY h.dv_id, h.dv_load_time, h.dv_record_source:bytes;
