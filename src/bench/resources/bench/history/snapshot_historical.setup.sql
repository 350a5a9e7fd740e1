-- [day0] the first observation of every key
INSERT INTO stage.customer_obs (customer_id, name, city, segment, observed_at)
SELECT g, 'Name ' || CAST(g AS VARCHAR), 'City ' || CAST(g % 500 AS VARCHAR), 'S' || CAST(g % 7 AS VARCHAR), :day0
FROM generate_series(1, :rows) AS t(g);
-- [watermark] both sides start from the day-0 watermark
DELETE FROM dw.Z_WM_customer_hist WHERE observed_until > :day0;
DROP TABLE IF EXISTS dw.hand_wm;
CREATE TABLE dw.hand_wm AS SELECT * FROM dw.Z_WM_customer_hist;
-- [day1] the next observation: every key, the changed ones moved
UPDATE stage.customer_obs SET observed_at = :day1;
UPDATE stage.customer_obs SET city = 'Moved ' || CAST(customer_id % 500 AS VARCHAR)
WHERE customer_id % 10000 < :changed_per_10000;
