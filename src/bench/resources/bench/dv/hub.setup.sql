-- [day0] every key once, from one source
INSERT INTO stage.customer_stg (customer_id, name, city, load_ts, rec_src)
SELECT 'C' || CAST(g AS VARCHAR), 'Name ' || CAST(g AS VARCHAR), 'City ' || CAST(g % 500 AS VARCHAR), :day0, 'crm'
FROM generate_series(1, :rows) AS t(g);
-- [day1] the next batch: the same number of rows, the changed share new keys, the rest known keys
-- (every 10th spelled in lower case with blanks: the same business key)
DELETE FROM stage.customer_stg;
INSERT INTO stage.customer_stg (customer_id, name, city, load_ts, rec_src)
SELECT CASE WHEN g % 10000 < :changed_per_10000 THEN 'C' || CAST(g + :rows AS VARCHAR)
            WHEN g % 10 = 3 THEN ' c' || CAST(g AS VARCHAR) || ' ' ELSE 'C' || CAST(g AS VARCHAR) END,
    'Name ' || CAST(g AS VARCHAR), 'City ' || CAST(g % 500 AS VARCHAR), :day1, CASE WHEN g % 2 = 0 THEN 'crm' ELSE 'shop' END
FROM generate_series(1, :rows) AS t(g);
