/* 1. load_customer_v (GENERATED - STAGE VIEW) */
CREATE OR ALTER VIEW stage.customer_v AS
SELECT s.customer_id AS customer_id,
    LOWER(CONVERT(VARCHAR(32), HASHBYTES('MD5', UPPER(COALESCE(NULLIF(LTRIM(RTRIM(s.customer_id)), ''), '-1'))), 2)) AS customer_key,
    UPPER(s.name) AS upper_name
FROM stage.customer_stg s;
