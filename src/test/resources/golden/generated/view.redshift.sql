/* 1. load_customer_v (GENERATED - STAGE VIEW) */
CREATE OR REPLACE VIEW stage.customer_v AS
SELECT s.customer_id AS customer_id,
    MD5(UPPER(COALESCE(NULLIF(TRIM(s.customer_id), ''), '-1'))) AS customer_key,
    UPPER(s.name) AS upper_name
FROM stage.customer_stg s;
