/* 1. load_hub_customer (GENERATED - HUB) */
INSERT INTO dv.hub_customer (dv_id, business_key, dv_load_time, dv_record_source)
SELECT n.dv_id, n.business_key, n.dv_load_time, n.dv_record_source
FROM (
    SELECT m.*,
        ROW_NUMBER() OVER (PARTITION BY m.dv_id ORDER BY m.dv_load_time, m.dv_record_source COLLATE Latin1_General_BIN2) AS dv_row_number
    FROM (
        SELECT LOWER(CONVERT(VARCHAR(32), HASHBYTES('MD5', UPPER(COALESCE(NULLIF(LTRIM(RTRIM(s.customer_id)), ''), '-1'))), 2)) AS dv_id,
            UPPER(COALESCE(NULLIF(LTRIM(RTRIM(s.customer_id)), ''), '-1')) AS business_key,
            s.load_ts AS dv_load_time,
            s.rec_src AS dv_record_source
        FROM stage.customer_stg s
    ) m
    WHERE NOT EXISTS (
        SELECT 1
        FROM dv.hub_customer t
        WHERE t.dv_id = m.dv_id
    )
) n
WHERE n.dv_row_number = 1;
