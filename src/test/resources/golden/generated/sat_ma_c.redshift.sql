/* 1. load_sat_ma_phone_c (GENERATED - SAT_MA_C) */
CREATE OR REPLACE VIEW dv.sat_ma_phone_c AS
SELECT c.dv_id, c.dv_load_time, c.phone
FROM (
    SELECT m.*,
        RANK() OVER (PARTITION BY m.dv_id ORDER BY m.dv_load_time DESC) AS dv_row_number
    FROM (
        SELECT s.dv_id AS dv_id,
            s.dv_load_time AS dv_load_time,
            s.phone AS phone
        FROM dv.sat_ma_phone s
    ) m
) c
WHERE c.dv_row_number = 1;
