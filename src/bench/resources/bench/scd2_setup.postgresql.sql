-- Source rows of the engine benchmark: :rows vessels; fraction :changed of them get another
-- country, and :new_keys new vessels appear. Run with the placeholders replaced.
DROP TABLE IF EXISTS publish.vessel_source;
CREATE TABLE publish.vessel_source AS
SELECT
    LPAD(TO_HEX(g), 32, '0')::CHAR(32) AS vessel_id,
    230000000 + g AS mmsi_key,
    'Vessel ' || g AS vessel_name,
    g % 90 AS vessel_type_code,
    'Type ' || (g % 90) AS vessel_type,
    'C' || (g % 200) AS country_code,
    CASE WHEN g % 10000 < :changed_per_10000 THEN 'Country changed ' || :run ELSE 'Country ' || (g % 200) END AS country,
    'ais' AS source_system,
    TIMESTAMP '2023-01-01' + (:run || ' days')::INTERVAL AS valid_from
FROM generate_series(1, :rows + :new_keys) AS g;
