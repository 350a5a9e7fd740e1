/* 1. step_1 (OVERRIDE - SQL) */
DROP TABLE IF EXISTS dw.Z_CDC_DUPS_person_scd2;
-- Key and sequence values with several events (normally none)
CREATE TABLE dw.Z_CDC_DUPS_person_scd2 AS
SELECT g.person_id, g.tenant, g.cdc_seq FROM stage.person_cdc g GROUP BY g.person_id, g.tenant, g.cdc_seq HAVING COUNT(*) > 1;
-- Two different events with the same key and sequence stop the load before any write.
SELECT CAST('cdc_scd2 load cdc_person: the source stage.person_cdc has different events with the same key and sequence (person_id, tenant, cdc_seq); example: ' || 'person_id=' || COALESCE(CAST(bad.person_id AS VARCHAR(65535)), 'NULL') || ', tenant=' || COALESCE(CAST(bad.tenant AS VARCHAR(65535)), 'NULL') || ', cdc_seq=' || COALESCE(CAST(bad.cdc_seq AS VARCHAR(65535)), 'NULL') || '. Each event of a key needs its own sequence value; fix the CDC extract.' AS INTEGER) AS load_check_failed
FROM (
    SELECT e.person_id, e.tenant, e.cdc_seq
    FROM (
        SELECT DISTINCT s.person_id, s.tenant, s.name, s.city, s.cdc_seq, s.cdc_operation, s.event_time
        FROM stage.person_cdc s
        JOIN dw.Z_CDC_DUPS_person_scd2 d ON d.person_id = s.person_id AND d.tenant = s.tenant AND d.cdc_seq = s.cdc_seq
        UNION ALL
        SELECT DISTINCT s.person_id, s.tenant, s.name, s.city, s.cdc_seq, s.cdc_operation, s.event_time
        FROM stage.person_cdc s
        WHERE s.person_id IS NULL OR s.tenant IS NULL OR s.cdc_seq IS NULL
    ) e
    GROUP BY e.person_id, e.tenant, e.cdc_seq HAVING COUNT(*) > 1
    LIMIT 1
) bad;
DROP TABLE dw.Z_CDC_DUPS_person_scd2;
DROP TABLE IF EXISTS dw.Z_CDC_KEYS_person_scd2;
-- Keys with events that the target does not reflect yet
CREATE TABLE dw.Z_CDC_KEYS_person_scd2 AS
SELECT DISTINCT e.person_id, e.tenant
FROM stage.person_cdc e
WHERE (NOT (COALESCE(e.cdc_operation, '') = 'D') AND NOT EXISTS (
        SELECT 1 FROM dw.person_scd2 t WHERE t.person_id = e.person_id AND t.tenant = e.tenant AND t.cdc_seq = e.cdc_seq))
    OR (COALESCE(e.cdc_operation, '') = 'D' AND NOT EXISTS (
        SELECT 1 FROM dw.person_scd2 t WHERE t.person_id = e.person_id AND t.tenant = e.tenant AND t.valid_to = e.event_time));
DROP TABLE IF EXISTS dw.Z_CDC_HIST_person_scd2;
-- The rebuilt history of those keys: every event, valid until the next event of its key
CREATE TABLE dw.Z_CDC_HIST_person_scd2 AS
SELECT
    v.person_id, v.tenant, v.name, v.city, v.cdc_seq
    , v.event_time AS valid_from
    , v._next AS valid_to
    , CASE WHEN v._next IS NULL THEN 1 ELSE 0 END AS is_current
FROM (
    SELECT
        e.*
        , LEAD(e.event_time) OVER (PARTITION BY e.person_id, e.tenant ORDER BY e.cdc_seq) AS _next
    FROM (
        SELECT DISTINCT s.person_id, s.tenant, s.name, s.city, s.cdc_seq, s.cdc_operation, s.event_time
        FROM stage.person_cdc s
        JOIN dw.Z_CDC_KEYS_person_scd2 k ON k.person_id = s.person_id AND k.tenant = s.tenant
    ) e
) v
WHERE NOT (COALESCE(v.cdc_operation, '') = 'D');
BEGIN TRANSACTION;
DELETE FROM dw.person_scd2 WHERE EXISTS (SELECT 1 FROM dw.Z_CDC_KEYS_person_scd2 k WHERE k.person_id = dw.person_scd2.person_id AND k.tenant = dw.person_scd2.tenant);
INSERT INTO dw.person_scd2 (person_id, tenant, name, city, cdc_seq, valid_from, valid_to, is_current)
SELECT person_id, tenant, name, city, cdc_seq, valid_from, valid_to, is_current
FROM dw.Z_CDC_HIST_person_scd2;
COMMIT;
DROP TABLE dw.Z_CDC_KEYS_person_scd2;
DROP TABLE dw.Z_CDC_HIST_person_scd2;
