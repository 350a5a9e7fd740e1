-- [day0] every key inserted once
INSERT INTO stage.person_cdc (person_id, cdc_operation, cdc_seq, event_time, name, city)
SELECT g, 'I', 1, :day0, 'Name ' || CAST(g AS VARCHAR), 'City ' || CAST(g % 500 AS VARCHAR)
FROM generate_series(1, :rows) AS t(g);
-- [day1] an update event for the changed keys, appended to the full event log
INSERT INTO stage.person_cdc (person_id, cdc_operation, cdc_seq, event_time, name, city)
SELECT g, 'U', 2, :day1, 'Name ' || CAST(g AS VARCHAR), 'Moved ' || CAST(g % 500 AS VARCHAR)
FROM generate_series(1, :rows) AS t(g)
WHERE g % 10000 < :changed_per_10000;
