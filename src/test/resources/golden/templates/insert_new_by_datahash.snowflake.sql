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
            , MD5(NVL(s.region, '-1') || '~' || NVL(s.tariff, '-1') || '~' || NVL(s.status, '-1') || '~' || NVL(TO_VARCHAR(s.updated_at, 'YYYY-MM-DDTHH24:MI:SS.FF6'), '-1')) AS datahash
        FROM stage.customer_src s
    ) h
    WHERE NOT EXISTS (
        SELECT 1
        FROM stage.customer_psa t
        WHERE t.customer_id = h.customer_id
            AND t.datahash = h.datahash
            -- the hash joins values with a tilde and writes NULL as -1: compare the columns too
            AND NOT (t.region IS DISTINCT FROM h.region OR t.tariff IS DISTINCT FROM h.tariff OR t.status IS DISTINCT FROM h.status OR t.updated_at IS DISTINCT FROM h.updated_at)
    )
) n
WHERE rn = 1;
