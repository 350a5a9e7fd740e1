-- [day0] every key with two phones (:rows rows, :half_rows keys)
INSERT INTO stage.phone_stg (customer_id, phone, load_ts, rec_src)
SELECT 'C' || CAST(k AS VARCHAR), 'P' || CAST(k * 2 + p AS VARCHAR), :day0, 'crm'
FROM generate_series(1, :half_rows) AS t(k) CROSS JOIN (VALUES (0), (1)) AS q(p);
-- [day1] the full set again, the changed share of keys with one phone replaced
DELETE FROM stage.phone_stg;
INSERT INTO stage.phone_stg (customer_id, phone, load_ts, rec_src)
SELECT 'C' || CAST(k AS VARCHAR),
    CASE WHEN p = 1 AND k % 10000 < :changed_per_10000 THEN 'Q' ELSE 'P' END || CAST(k * 2 + p AS VARCHAR), :day1, 'crm'
FROM generate_series(1, :half_rows) AS t(k) CROSS JOIN (VALUES (0), (1)) AS q(p);
