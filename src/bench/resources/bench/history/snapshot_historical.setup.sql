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
-- [late] checked once before the timed rounds, after day 1 ran on both sides: a batch of 12 % of the
-- keys with observations at and before the watermark as well as after it, then the same batch again
DELETE FROM stage.customer_obs WHERE customer_id % 100 >= 12;
-- a late change between day 0 and day 1: the key is rebuilt around it
UPDATE stage.customer_obs SET observed_at = :late, city = 'Late' WHERE customer_id % 100 < 3;
-- a correction at day 1, a time loaded before
UPDATE stage.customer_obs SET name = 'Fixed ' || CAST(customer_id AS VARCHAR) WHERE customer_id % 100 IN (3, 4);
-- keys 5 and 6: day 1 as it was loaded, nothing to do; keys 7 and 8: a change on day 2; key 9: day 2 unchanged
UPDATE stage.customer_obs SET observed_at = :day2, segment = 'Next' WHERE customer_id % 100 IN (7, 8);
UPDATE stage.customer_obs SET observed_at = :day2 WHERE customer_id % 100 = 9;
-- key 10: a late observation beside day 1's as loaded
INSERT INTO stage.customer_obs (customer_id, name, city, segment, observed_at)
SELECT customer_id, name, 'Late too', segment, :late FROM stage.customer_obs WHERE customer_id % 100 = 10;
-- key 11: NULLs in the compared columns on day 2
UPDATE stage.customer_obs SET observed_at = :day2, name = NULL, segment = NULL WHERE customer_id % 100 = 11;
-- new keys, first seen late; and a NULL key
INSERT INTO stage.customer_obs (customer_id, name, city, segment, observed_at)
SELECT g + :rows, 'New', NULL, 'S0', :late FROM generate_series(1, 100) AS t(g);
INSERT INTO stage.customer_obs (customer_id, name, city, segment, observed_at) VALUES (NULL, 'No key', 'Nowhere', 'S1', :day2);
