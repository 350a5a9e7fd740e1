-- [day0] one order line per customer, a thousand products
INSERT INTO stage.order_stg (customer_id, product_id, load_ts, rec_src)
SELECT 'C' || CAST(g AS VARCHAR), 'P' || CAST(g % 1000 AS VARCHAR), :day0, 'shop'
FROM generate_series(1, :rows) AS t(g);
-- [day1] the next batch: the changed share of customers ordered another product (a new link),
-- the rest repeat known links
DELETE FROM stage.order_stg;
INSERT INTO stage.order_stg (customer_id, product_id, load_ts, rec_src)
SELECT 'C' || CAST(g AS VARCHAR),
    'P' || CAST(CASE WHEN g % 10000 < :changed_per_10000 THEN g % 1000 + 1000 ELSE g % 1000 END AS VARCHAR), :day1,
    CASE WHEN g % 2 = 0 THEN 'shop' ELSE 'app' END
FROM generate_series(1, :rows) AS t(g);
