-- snapshot (check, historical snapshot input) by hand: the open version and the new observations
-- of each key in time order; one LAG pass finds the changes, one LEAD pass ends the versions.
-- (With the check strategy every new version starts at its observation, so nothing needs the
-- target's per-key last time or the version numbers.)
SELECT CAST('duplicate key: customer_id=' || CAST(bad.customer_id AS VARCHAR) AS INTEGER)
FROM (SELECT customer_id FROM stage.customer_obs GROUP BY customer_id, observed_at HAVING COUNT(*) > 1 LIMIT 1) bad;
DROP TABLE IF EXISTS dw.hand_delta;
CREATE TABLE dw.hand_delta AS
WITH ev AS (
    SELECT c.customer_id, c.name, c.city, c.segment, c.valid_from AS vf, 0 AS is_new
    FROM dw.hand_customer_hist c WHERE c.valid_to IS NULL
    UNION ALL
    SELECT s.customer_id, s.name, s.city, s.segment, CAST(s.observed_at AS TIMESTAMP), 1
    FROM stage.customer_obs s
    WHERE NOT EXISTS (SELECT 1 FROM dw.hand_wm w WHERE w.observed_until >= CAST(s.observed_at AS TIMESTAMP))
),
flagged AS (
    SELECT e.*,
        LAG(e.is_new) OVER w AS p_new, LAG(e.name) OVER w AS p_name, LAG(e.city) OVER w AS p_city,
        LAG(e.segment) OVER w AS p_segment
    FROM ev e
    WINDOW w AS (PARTITION BY e.customer_id ORDER BY e.is_new, e.vf)
),
kept AS (
    SELECT * FROM flagged f
    WHERE f.is_new = 0 OR f.p_new IS NULL
        OR f.name IS DISTINCT FROM f.p_name OR f.city IS DISTINCT FROM f.p_city OR f.segment IS DISTINCT FROM f.p_segment
),
ranged AS (
    SELECT k.*, LEAD(k.vf) OVER (PARTITION BY k.customer_id ORDER BY k.is_new, k.vf) AS vt FROM kept k
)
SELECT customer_id, name, city, segment, vf, vt, is_new FROM ranged WHERE is_new = 1 OR vt IS NOT NULL;
BEGIN TRANSACTION;
UPDATE dw.hand_customer_hist AS t SET valid_to = d.vt
FROM dw.hand_delta d
WHERE d.is_new = 0 AND t.customer_id = d.customer_id AND t.valid_from = d.vf;
INSERT INTO dw.hand_customer_hist (customer_id, name, city, segment, valid_from, valid_to)
SELECT customer_id, name, city, segment, vf, vt FROM dw.hand_delta WHERE is_new = 1;
INSERT INTO dw.hand_wm (observed_until) SELECT MAX(CAST(observed_at AS TIMESTAMP)) FROM stage.customer_obs;
COMMIT;
DROP TABLE dw.hand_delta;
