-- snapshot (check, historical snapshot input) by hand, with the template's semantics: observations
-- after the watermark extend each key's history (one LAG pass finds the changes, one LEAD pass ends
-- the versions); a key with an observation at or before the watermark that no version of it reflects
-- (late data, or a correction) is rebuilt from its versions, the times loaded before that they span,
-- its gaps and all its observations. Late keys are rare, so they get a small delta of their own and
-- the common path stays the plain pass over the open versions and the new observations.
SELECT CAST('duplicate key: customer_id=' || CAST(bad.customer_id AS VARCHAR) AS INTEGER)
FROM (SELECT customer_id FROM stage.customer_obs GROUP BY customer_id, observed_at HAVING COUNT(*) > 1 LIMIT 1) bad;
DROP TABLE IF EXISTS dw.hand_late;
CREATE TABLE dw.hand_late AS
SELECT DISTINCT s.customer_id FROM stage.customer_obs s
WHERE CAST(s.observed_at AS TIMESTAMP) <= (SELECT MAX(w.observed_until) FROM dw.hand_wm w)
    AND NOT EXISTS (SELECT 1 FROM dw.hand_customer_hist t
        WHERE t.customer_id = s.customer_id AND t.valid_from <= CAST(s.observed_at AS TIMESTAMP)
            AND (t.valid_to IS NULL OR CAST(s.observed_at AS TIMESTAMP) < t.valid_to)
            AND t.name IS NOT DISTINCT FROM s.name AND t.city IS NOT DISTINCT FROM s.city
            AND t.segment IS NOT DISTINCT FROM s.segment);
DROP TABLE IF EXISTS dw.hand_delta;
CREATE TABLE dw.hand_delta AS
WITH ev AS (
    SELECT c.customer_id, c.name, c.city, c.segment, c.valid_from AS vf, 0 AS is_new
    FROM dw.hand_customer_hist c
    WHERE c.valid_to IS NULL
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
-- Late keys are rebuilt below: their rows leave the delta here, which costs less than keeping them out of
-- the pass over every key (an anti-join of a million open versions with a set that is nearly always empty).
DELETE FROM dw.hand_delta WHERE customer_id IN (SELECT customer_id FROM dw.hand_late);
-- A new version at the start of the open version it closes (a target written by something else) stops the load.
SELECT CAST('a new version would start where the version it closes starts: customer_id=' || CAST(bad.customer_id AS VARCHAR) AS INTEGER)
FROM (SELECT o.customer_id FROM dw.hand_delta o JOIN dw.hand_delta n ON n.customer_id = o.customer_id AND n.vf = o.vf
    WHERE o.is_new = 0 AND o.vf >= o.vt AND n.is_new = 1 LIMIT 1) bad;
DROP TABLE IF EXISTS dw.hand_rebuilt;
CREATE TABLE dw.hand_rebuilt AS
WITH ev AS (
    -- each version where it starts
    SELECT c.customer_id, c.name, c.city, c.segment, c.valid_from AS t, 0 AS del
    FROM dw.hand_customer_hist c JOIN dw.hand_late l ON l.customer_id = c.customer_id
    WHERE NOT EXISTS (SELECT 1 FROM stage.customer_obs s WHERE s.customer_id = c.customer_id AND CAST(s.observed_at AS TIMESTAMP) = c.valid_from)
    UNION ALL
    -- each time loaded before inside a version: it was observed then
    SELECT c.customer_id, c.name, c.city, c.segment, w.observed_until, 0
    FROM dw.hand_customer_hist c JOIN dw.hand_late l ON l.customer_id = c.customer_id
    JOIN dw.hand_wm w ON c.valid_from < w.observed_until AND (c.valid_to IS NULL OR w.observed_until < c.valid_to)
    WHERE NOT EXISTS (SELECT 1 FROM stage.customer_obs s WHERE s.customer_id = c.customer_id AND CAST(s.observed_at AS TIMESTAMP) = w.observed_until)
    UNION ALL
    -- each end that no version continues: the key was gone
    SELECT c.customer_id, NULL, NULL, NULL, c.valid_to, 1
    FROM dw.hand_customer_hist c JOIN dw.hand_late l ON l.customer_id = c.customer_id
    WHERE c.valid_to IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM dw.hand_customer_hist n WHERE n.customer_id = c.customer_id AND n.valid_from = c.valid_to)
        AND NOT EXISTS (SELECT 1 FROM stage.customer_obs s WHERE s.customer_id = c.customer_id AND CAST(s.observed_at AS TIMESTAMP) = c.valid_to)
    UNION ALL
    SELECT s.customer_id, s.name, s.city, s.segment, CAST(s.observed_at AS TIMESTAMP), 0
    FROM stage.customer_obs s JOIN dw.hand_late l ON l.customer_id = s.customer_id
),
flagged AS (
    SELECT e.*, LAG(e.del) OVER w AS p_del, LAG(e.name) OVER w AS p_name, LAG(e.city) OVER w AS p_city,
        LAG(e.segment) OVER w AS p_segment
    FROM ev e
    WINDOW w AS (PARTITION BY e.customer_id ORDER BY e.t)
),
kept AS (
    SELECT * FROM flagged f
    WHERE (f.del = 1 AND f.p_del = 0)
        OR (f.del = 0 AND (f.p_del IS NULL OR f.p_del = 1 OR f.name IS DISTINCT FROM f.p_name
            OR f.city IS DISTINCT FROM f.p_city OR f.segment IS DISTINCT FROM f.p_segment))
),
ranged AS (
    SELECT k.*, LEAD(k.t) OVER (PARTITION BY k.customer_id ORDER BY k.t) AS vt FROM kept k
)
SELECT customer_id, name, city, segment, t AS vf, vt FROM ranged WHERE del = 0;
BEGIN TRANSACTION;
DELETE FROM dw.hand_customer_hist WHERE customer_id IN (SELECT customer_id FROM dw.hand_late);
UPDATE dw.hand_customer_hist AS t SET valid_to = d.vt
FROM dw.hand_delta d
WHERE d.is_new = 0 AND t.customer_id = d.customer_id AND t.valid_from = d.vf;
INSERT INTO dw.hand_customer_hist (customer_id, name, city, segment, valid_from, valid_to)
SELECT customer_id, name, city, segment, vf, vt FROM dw.hand_delta WHERE is_new = 1
UNION ALL
SELECT customer_id, name, city, segment, vf, vt FROM dw.hand_rebuilt;
INSERT INTO dw.hand_wm (observed_until)
SELECT DISTINCT CAST(s.observed_at AS TIMESTAMP) FROM stage.customer_obs s
WHERE NOT EXISTS (SELECT 1 FROM dw.hand_wm w WHERE w.observed_until = CAST(s.observed_at AS TIMESTAMP));
COMMIT;
DROP TABLE dw.hand_delta;
DROP TABLE dw.hand_rebuilt;
DROP TABLE dw.hand_late;
