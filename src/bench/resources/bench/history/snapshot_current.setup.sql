-- [day0] the current state of every key
INSERT INTO stage.customer_src (customer_id, name, city, segment)
SELECT g, 'Name ' || CAST(g AS VARCHAR), 'City ' || CAST(g % 500 AS VARCHAR), 'S' || CAST(g % 7 AS VARCHAR)
FROM generate_series(1, :rows) AS t(g);
-- [day1] the changed keys move
UPDATE stage.customer_src SET city = 'Moved ' || CAST(customer_id % 500 AS VARCHAR)
WHERE customer_id % 10000 < :changed_per_10000;
