/* 1. step_1 (OVERRIDE - SQL) */
INSERT INTO stage.customer_psa (customer_id, region, tariff, status, updated_at, datahash)
SELECT customer_id, region, tariff, status, updated_at, datahash
FROM (
    SELECT
        h.*
        , ROW_NUMBER() OVER (PARTITION BY h.customer_id, h.datahash, h.region, h.tariff, h.status, h.updated_at ORDER BY h.customer_id) AS rn
    FROM (
        SELECT
            s.customer_id, s.region, s.tariff, s.status, s.updated_at
            , LOWER(CONVERT(VARCHAR(32), HASHBYTES('MD5', COALESCE(s.region, '-1') + '~' + COALESCE(s.tariff, '-1') + '~' + COALESCE(s.status, '-1') + '~' + COALESCE(CONVERT(VARCHAR(19), s.updated_at, 126) + '.' + RIGHT('000000' + CAST(DATEPART(MICROSECOND, s.updated_at) AS VARCHAR(6)), 6), '-1')), 2)) AS datahash
        FROM stage.customer_src s
    ) h
    WHERE NOT EXISTS (
        SELECT 1
        FROM stage.customer_psa t
        WHERE t.customer_id = h.customer_id
            AND t.datahash = h.datahash
            -- the hash joins values with a tilde and writes NULL as -1: compare the columns too
            AND NOT ((CASE WHEN t.region = h.region OR (t.region IS NULL AND h.region IS NULL) THEN 0 ELSE 1 END = 1) OR (CASE WHEN t.tariff = h.tariff OR (t.tariff IS NULL AND h.tariff IS NULL) THEN 0 ELSE 1 END = 1) OR (CASE WHEN t.status = h.status OR (t.status IS NULL AND h.status IS NULL) THEN 0 ELSE 1 END = 1) OR (CASE WHEN t.updated_at = h.updated_at OR (t.updated_at IS NULL AND h.updated_at IS NULL) THEN 0 ELSE 1 END = 1))
    )
) n
WHERE rn = 1;
