-- [day0] every key
INSERT INTO stage.psa_src (customer_id, name, city, segment)
SELECT g, 'Name ' || CAST(g AS VARCHAR), 'City ' || CAST(g % 500 AS VARCHAR), 'S' || CAST(g % 7 AS VARCHAR)
FROM generate_series(1, :rows) AS t(g);
-- [day1] the full extract again, the changed keys moved
UPDATE stage.psa_src SET city = 'Moved ' || CAST(customer_id % 500 AS VARCHAR)
WHERE customer_id % 10000 < :changed_per_10000;
