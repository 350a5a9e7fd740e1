-- LINK by hand: link keys (all hub key parts in mapping order) not in the link yet, each once with
-- its earliest load time, then the lowest record source (code point order).
INSERT INTO dv.hand_link_order (dv_id, dv_id_customer, dv_id_product, dv_load_time, dv_record_source)
SELECT DISTINCT ON (h.dv_id) h.dv_id, MD5(h.customer_key), MD5(h.product_key), h.dv_load_time, h.dv_record_source
FROM (
    SELECT MD5(k.customer_key || '~' || k.product_key) AS dv_id, k.customer_key, k.product_key,
        k.load_ts AS dv_load_time, k.rec_src AS dv_record_source
    FROM (
        SELECT UPPER(COALESCE(NULLIF(TRIM(s.customer_id), ''), '-1')) AS customer_key,
            UPPER(COALESCE(NULLIF(TRIM(s.product_id), ''), '-1')) AS product_key, s.load_ts, s.rec_src
        FROM stage.order_stg s
    ) k
) h
WHERE NOT EXISTS (SELECT 1 FROM dv.hand_link_order t WHERE t.dv_id = h.dv_id)
ORDER BY h.dv_id, h.dv_load_time, h.dv_record_source:bytes;
