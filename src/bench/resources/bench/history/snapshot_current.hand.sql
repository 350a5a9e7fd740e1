-- snapshot (check, current-state input) by hand: one observation per key at the run's time, so
-- the delta is one join of the source with the open versions; no window over the history.
SELECT CAST('duplicate key: customer_id=' || CAST(bad.customer_id AS VARCHAR) AS INTEGER)
FROM (SELECT customer_id FROM stage.customer_src GROUP BY customer_id HAVING COUNT(*) > 1 LIMIT 1) bad;
DROP TABLE IF EXISTS dw.hand_delta;
CREATE TABLE dw.hand_delta AS
SELECT s.customer_id, s.name, s.city, s.segment, CASE WHEN c.customer_id IS NULL THEN 0 ELSE 1 END AS has_open,
    c.valid_from AS open_from
FROM stage.customer_src s
LEFT JOIN dw.hand_customer_snap c ON c.customer_id = s.customer_id AND c.valid_to IS NULL
WHERE c.customer_id IS NULL
    OR c.name IS DISTINCT FROM s.name OR c.city IS DISTINCT FROM s.city OR c.segment IS DISTINCT FROM s.segment;
-- The template's rule: a run not after the start of the open version it would close (a rerun at the
-- same time with other values) stops before any write.
SELECT CAST('a new version would start where the version it closes starts: customer_id=' || CAST(bad.customer_id AS VARCHAR) AS INTEGER)
FROM (SELECT customer_id FROM dw.hand_delta WHERE has_open = 1 AND open_from >= :run LIMIT 1) bad;
BEGIN TRANSACTION;
UPDATE dw.hand_customer_snap AS t SET valid_to = :run
FROM dw.hand_delta d
WHERE d.has_open = 1 AND t.customer_id = d.customer_id AND t.valid_to IS NULL;
INSERT INTO dw.hand_customer_snap (customer_id, name, city, segment, valid_from, valid_to)
SELECT customer_id, name, city, segment, :run, CAST(NULL AS TIMESTAMP) FROM dw.hand_delta;
COMMIT;
DROP TABLE dw.hand_delta;
