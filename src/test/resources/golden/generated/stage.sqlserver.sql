/* 1. load_customer_out (GENERATED - STAGE) */
SET XACT_ABORT ON;
BEGIN TRANSACTION;
DELETE FROM stage.customer_out WHERE 1 = 1;
INSERT INTO stage.customer_out (customer_id, customer_key, upper_name)
SELECT s.customer_id AS customer_id,
    LOWER(CONVERT(VARCHAR(32), HASHBYTES('MD5', UPPER(COALESCE(NULLIF(LTRIM(RTRIM(s.customer_id)), ''), '-1'))), 2)) AS customer_key,
    UPPER(s.name) AS upper_name
FROM stage.customer_stg s
WHERE (s.name IS NOT NULL);
COMMIT;
