-- The baseline of the engine benchmark: what a tuning expert writes by hand for one SCD2 run on
-- PostgreSQL, two statements over the same temp table, the same hash expressions as the template.
DROP TABLE IF EXISTS publish.Z_HAND_SRC;
CREATE TABLE publish.Z_HAND_SRC AS
SELECT
    s.*,
    MD5(UPPER(COALESCE(NULLIF(TRIM(s.vessel_id), ''), '-1') || '~' || COALESCE(TO_CHAR(s.valid_from, 'YYYY-MM-DD"T"HH24:MI:SS.US'), '-1'))) AS vessel_scd_id,
    MD5(COALESCE(s.vessel_id, '-1') || '~' || COALESCE(CAST(s.mmsi_key AS VARCHAR), '-1') || '~' || COALESCE(s.vessel_name, '-1') || '~' || COALESCE(CAST(s.vessel_type_code AS VARCHAR), '-1') || '~' || COALESCE(s.vessel_type, '-1') || '~' || COALESCE(s.country_code, '-1') || '~' || COALESCE(s.country, '-1') || '~' || COALESCE(s.source_system, '-1')) AS datahash
FROM publish.vessel_source s;

UPDATE publish.D_HAND t
SET valid_to = s.valid_from, validity_status = 0
FROM publish.Z_HAND_SRC s
WHERE t.vessel_id = s.vessel_id
  AND t.validity_status = 1
  AND t.datahash <> s.datahash;

INSERT INTO publish.D_HAND (vessel_scd_id, vessel_id, datahash, valid_from, valid_to, validity_status, mmsi_key,
                            vessel_name, vessel_type_code, vessel_type, country_code, country, source_system)
SELECT s.vessel_scd_id, s.vessel_id, s.datahash, s.valid_from, TIMESTAMP '9999-12-31', 1, s.mmsi_key,
       s.vessel_name, s.vessel_type_code, s.vessel_type, s.country_code, s.country, s.source_system
FROM publish.Z_HAND_SRC s
WHERE NOT EXISTS (SELECT 1 FROM publish.D_HAND t WHERE t.vessel_id = s.vessel_id AND t.validity_status = 1);

DROP TABLE publish.Z_HAND_SRC;
