-- [day0] every key's first state
INSERT INTO stage.customer_stg (customer_id, name, city, load_ts, rec_src)
SELECT 'C' || CAST(g AS VARCHAR), 'Name ' || CAST(g AS VARCHAR), 'City ' || CAST(g % 500 AS VARCHAR), :day0, 'crm'
FROM generate_series(1, :rows) AS t(g);
-- [day1] the full extract again, the changed share of keys moved to another city
DELETE FROM stage.customer_stg;
INSERT INTO stage.customer_stg (customer_id, name, city, load_ts, rec_src)
SELECT 'C' || CAST(g AS VARCHAR), 'Name ' || CAST(g AS VARCHAR),
    CASE WHEN g % 10000 < :changed_per_10000 THEN 'Moved ' ELSE 'City ' END || CAST(g % 500 AS VARCHAR), :day1, 'crm'
FROM generate_series(1, :rows) AS t(g);
