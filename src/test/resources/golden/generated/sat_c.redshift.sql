/* 1. load_sat_customer_c (GENERATED - SAT_C) */
CREATE OR REPLACE VIEW dv.sat_customer_c AS
SELECT c.dv_id, c.dv_load_time, c.name, c.city
FROM (
    SELECT m.*,
        ROW_NUMBER() OVER (PARTITION BY m.dv_id ORDER BY m.dv_load_time DESC) AS dv_row_number
    FROM (
        SELECT s.dv_id AS dv_id,
            s.dv_load_time AS dv_load_time,
            s.name AS name,
            s.city AS city
        FROM dv.sat_customer s
    ) m
) c
WHERE c.dv_row_number = 1;
