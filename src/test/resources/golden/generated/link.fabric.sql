/* 1. load_link_order (GENERATED - LINK) */
INSERT INTO dv.link_order (dv_id, dv_id_customer, dv_id_product, dv_load_time, dv_record_source)
SELECT n.dv_id, LOWER(CONVERT(VARCHAR(32), HASHBYTES('MD5', UPPER(COALESCE(NULLIF(LTRIM(RTRIM(n.customer_id)), ''), '-1'))), 2)), LOWER(CONVERT(VARCHAR(32), HASHBYTES('MD5', UPPER(COALESCE(NULLIF(LTRIM(RTRIM(n.product_id)), ''), '-1'))), 2)), n.dv_load_time, n.dv_record_source
FROM (
    SELECT m.*,
        ROW_NUMBER() OVER (PARTITION BY m.dv_id ORDER BY m.dv_load_time, m.dv_record_source COLLATE Latin1_General_100_BIN2_UTF8) AS dv_row_number
    FROM (
        SELECT LOWER(CONVERT(VARCHAR(32), HASHBYTES('MD5', UPPER(COALESCE(NULLIF(LTRIM(RTRIM(s.customer_id)), ''), '-1') + '~' + COALESCE(NULLIF(LTRIM(RTRIM(s.product_id)), ''), '-1'))), 2)) AS dv_id,
            s.load_ts AS dv_load_time,
            s.rec_src AS dv_record_source,
            s.customer_id AS customer_id,
            s.product_id AS product_id
        FROM stage.order_stg s
    ) m
    WHERE NOT EXISTS (
        SELECT 1
        FROM dv.link_order t
        WHERE t.dv_id = m.dv_id
    )
) n
WHERE n.dv_row_number = 1;
