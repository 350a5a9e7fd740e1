/* 1. load_customer_out (GENERATED - STAGE) */
BEGIN TRANSACTION;
DELETE FROM stage.customer_out WHERE 1 = 1;
INSERT INTO stage.customer_out (customer_id, customer_key, upper_name)
SELECT s.customer_id AS customer_id,
    MD5(UPPER(COALESCE(NULLIF(TRIM(s.customer_id), ''), '-1'))) AS customer_key,
    UPPER(s.name) AS upper_name
FROM stage.customer_stg s
WHERE (s.name IS NOT NULL);
COMMIT;
