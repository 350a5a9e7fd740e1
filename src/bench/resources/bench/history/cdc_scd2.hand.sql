-- cdc_scd2 by hand: the same semantics, written for speed.
-- Different events with the same key and sequence stop the load: one grouping on (key, sequence)
-- instead of a DISTINCT over every column first; a group differs when a column's MIN and MAX differ
-- or it is NULL in some rows only.
SELECT CAST('different events with the same key and sequence: person_id=' || CAST(bad.person_id AS VARCHAR) AS INTEGER)
FROM (
    SELECT person_id FROM stage.person_cdc
    GROUP BY person_id, cdc_seq
    HAVING COUNT(*) > 1 AND (
        MIN(cdc_operation) <> MAX(cdc_operation) OR COUNT(cdc_operation) NOT IN (0, COUNT(*))
        OR MIN(event_time) <> MAX(event_time) OR COUNT(event_time) NOT IN (0, COUNT(*))
        OR MIN(name) <> MAX(name) OR COUNT(name) NOT IN (0, COUNT(*))
        OR MIN(city) <> MAX(city) OR COUNT(city) NOT IN (0, COUNT(*)))
    LIMIT 1
) bad;
-- Keys whose events the target does not reflect: two anti-joins (an OR of NOT EXISTS is not one)
DROP TABLE IF EXISTS dw.hand_keys;
CREATE TABLE dw.hand_keys AS
SELECT e.person_id FROM stage.person_cdc e
WHERE COALESCE(e.cdc_operation, '') <> 'D'
    AND NOT EXISTS (SELECT 1 FROM dw.hand_person_scd2 t WHERE t.person_id = e.person_id AND t.cdc_seq = e.cdc_seq)
UNION
SELECT e.person_id FROM stage.person_cdc e
WHERE COALESCE(e.cdc_operation, '') = 'D'
    AND NOT EXISTS (SELECT 1 FROM dw.hand_person_scd2 t WHERE t.person_id = e.person_id AND t.valid_to = e.event_time);
BEGIN TRANSACTION;
DELETE FROM dw.hand_person_scd2 WHERE person_id IN (SELECT person_id FROM dw.hand_keys);
-- Their history rebuilt straight into the target (no work table)
INSERT INTO dw.hand_person_scd2 (person_id, name, city, cdc_seq, valid_from, valid_to, is_current)
SELECT person_id, name, city, cdc_seq, event_time, _next, CASE WHEN _next IS NULL THEN 1 ELSE 0 END
FROM (
    SELECT e.*, LEAD(e.event_time) OVER (PARTITION BY e.person_id ORDER BY e.cdc_seq) AS _next
    FROM (
        SELECT DISTINCT s.person_id, s.name, s.city, s.cdc_seq, s.cdc_operation, s.event_time
        FROM stage.person_cdc s
        JOIN dw.hand_keys k ON k.person_id = s.person_id
    ) e
) v
WHERE COALESCE(v.cdc_operation, '') <> 'D';
COMMIT;
DROP TABLE dw.hand_keys;
