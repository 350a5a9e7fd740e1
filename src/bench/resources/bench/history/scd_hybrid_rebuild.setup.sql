-- [day0] every key
INSERT INTO stage.user_src (user_id, name, city, segment)
SELECT g, 'Name ' || CAST(g AS VARCHAR), 'City ' || CAST(g % 500 AS VARCHAR), 'S' || CAST(g % 7 AS VARCHAR)
FROM generate_series(1, :rows) AS t(g);
-- [day1] the staging holds the changed keys only: half an SCD1 change (name), half an SCD2 change (city)
DELETE FROM stage.user_src WHERE user_id % 10000 >= :changed_per_10000;
UPDATE stage.user_src SET name = 'Renamed ' || CAST(user_id AS VARCHAR) WHERE user_id % 2 = 0;
UPDATE stage.user_src SET city = 'Moved ' || CAST(user_id % 500 AS VARCHAR) WHERE user_id % 2 = 1;
