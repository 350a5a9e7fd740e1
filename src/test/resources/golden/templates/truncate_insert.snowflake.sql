/* 1. step_1 (OVERRIDE - SQL) */
BEGIN TRANSACTION;
DELETE FROM stage.customer WHERE 1 = 1;
INSERT INTO stage.customer (customer_id, region, tariff, status, updated_at)
SELECT s.customer_id, s.region, s.tariff, s.status, s.updated_at
FROM stage.customer_src s;
COMMIT;
