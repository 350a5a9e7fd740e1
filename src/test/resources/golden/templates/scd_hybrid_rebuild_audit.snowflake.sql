/* 1. step_1 (OVERRIDE - SQL) */
-- Duplicate keys in the source stop the load before any write.
SELECT CAST('scd_hybrid_rebuild load dim_user_rebuild: the source stage.dim_user_staging has several rows for one natural key (login); example: ' || 'login=' || NVL(CAST(bad.login AS VARCHAR), 'NULL') || '. Give the source one row per key.' AS INTEGER) AS load_check_failed
FROM (
    SELECT s.login FROM stage.dim_user_staging s GROUP BY s.login HAVING COUNT(*) > 1
    LIMIT 1
) bad;
DROP TABLE IF EXISTS dw.Z_NEW_dim_user;
CREATE TABLE dw.Z_NEW_dim_user AS
SELECT * FROM dw.dim_user WHERE 1 = 0;
BEGIN TRANSACTION;
-- New versions of changed keys, and new keys
INSERT INTO dw.Z_NEW_dim_user (dim_user_id, login, premium_user, address, phone, name, scd_version, scd_start_date, scd_end_date, scd_active)
SELECT
        NVL((SELECT MAX(m.dim_user_id) FROM dw.dim_user m), 0) + ROW_NUMBER() OVER (ORDER BY s.login) AS dim_user_id
        , s.login AS login
        , s.premium_user AS premium_user
        , s.address AS address
        , s.phone AS phone
        , s.name AS name
        , NVL((SELECT MAX(v.scd_version) FROM dw.dim_user v WHERE v.login = s.login), 0) + 1 AS scd_version
        , CAST(CURRENT_TIMESTAMP AS TIMESTAMP) AS scd_start_date
        , CAST('9999-12-31' AS TIMESTAMP) AS scd_end_date
        , TRUE AS scd_active
FROM stage.dim_user_staging s
LEFT JOIN dw.dim_user p ON p.login = s.login AND p.scd_active = TRUE
WHERE p.dim_user_id IS NULL OR (p.premium_user IS DISTINCT FROM s.premium_user OR p.address IS DISTINCT FROM s.address OR p.phone IS DISTINCT FROM s.phone);
-- One pass over the target: SCD1 columns overwritten in all versions of the key, and the current
-- version of a changed key closed where its new version starts (every new version starts at the one
-- execution time, so the work table's latest start is that instant)
UPDATE dw.dim_user AS p SET name = s.name, scd_end_date = CASE WHEN p.scd_active = TRUE AND (p.premium_user IS DISTINCT FROM s.premium_user OR p.address IS DISTINCT FROM s.address OR p.phone IS DISTINCT FROM s.phone) THEN (SELECT MAX(n.scd_start_date) FROM dw.Z_NEW_dim_user n) ELSE p.scd_end_date END
    , scd_active = CASE WHEN p.scd_active = TRUE AND (p.premium_user IS DISTINCT FROM s.premium_user OR p.address IS DISTINCT FROM s.address OR p.phone IS DISTINCT FROM s.phone) THEN FALSE ELSE p.scd_active END
FROM stage.dim_user_staging s
WHERE s.login = p.login AND ((p.name IS DISTINCT FROM s.name) OR (p.scd_active = TRUE AND (p.premium_user IS DISTINCT FROM s.premium_user OR p.address IS DISTINCT FROM s.address OR p.phone IS DISTINCT FROM s.phone)));
INSERT INTO dw.dim_user (dim_user_id, login, premium_user, address, phone, name, scd_version, scd_start_date, scd_end_date, scd_active)
SELECT dim_user_id, login, premium_user, address, phone, name, scd_version, scd_start_date, scd_end_date, scd_active FROM dw.Z_NEW_dim_user;
-- Audit (audit_history): the history's invariants of the keys of this batch, after the write and before the COMMIT
SELECT CAST('scd_hybrid_rebuild load dim_user_rebuild: the target dw.dim_user breaks its history invariants after the write; offending keys (at most 5 shown): ' || REPLACE(bad.dv_audit_keys, '~', '; ') || '. The load is rolled back; repair the history (or the load) and rerun.' AS INTEGER) AS load_check_failed
FROM (
    SELECT a.* FROM (
    SELECT COUNT(*) AS dv_audit_n, LISTAGG(x.dv_audit_key || ': ' || x.dv_audit_problem, '~') WITHIN GROUP (ORDER BY x.dv_audit_key || ': ' || x.dv_audit_problem) AS dv_audit_keys
    FROM (
        SELECT 'login=' || NVL(CAST(h.login AS VARCHAR), 'NULL') AS dv_audit_key, CASE MIN(h.dv_audit_code) WHEN 1 THEN 'two open versions' WHEN 2 THEN 'two rows with one scd_start_date' WHEN 3 THEN 'a range that ends where or before it starts' WHEN 4 THEN 'overlapping ranges' WHEN 5 THEN 'a current flag that disagrees with the open end' END AS dv_audit_problem
        FROM (
            SELECT w.login, CASE
                WHEN w.dv_open_n > 1 THEN 1
                WHEN w.dv_next_from = w.dv_from THEN 2
                WHEN w.dv_end IS NOT NULL AND w.dv_end <= w.dv_from THEN 3
                WHEN w.dv_next_from IS NOT NULL AND (w.dv_end IS NULL OR w.dv_end > w.dv_next_from) THEN 4
                WHEN w.dv_current <> CASE WHEN w.dv_end IS NULL THEN 1 ELSE 0 END THEN 5
            END AS dv_audit_code
            FROM (
                SELECT t.login, t.scd_start_date AS dv_from, NULLIF(t.scd_end_date, CAST('9999-12-31 00:00:00' AS TIMESTAMP)) AS dv_end, CASE WHEN t.scd_active = TRUE THEN 1 ELSE 0 END AS dv_current
                    , SUM(CASE WHEN NULLIF(t.scd_end_date, CAST('9999-12-31 00:00:00' AS TIMESTAMP)) IS NULL THEN 1 ELSE 0 END) OVER (PARTITION BY t.login ORDER BY t.scd_start_date ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS dv_open_n
                    , LEAD(t.scd_start_date) OVER (PARTITION BY t.login ORDER BY t.scd_start_date) AS dv_next_from
                FROM dw.dim_user t
                WHERE EXISTS (SELECT 1 FROM (SELECT s.login FROM stage.dim_user_staging s) b WHERE b.login = t.login)
            ) w
        ) h
        WHERE h.dv_audit_code IS NOT NULL
        GROUP BY h.login
    ORDER BY 1
    LIMIT 5
    ) x
    ) a
    WHERE a.dv_audit_n > 0
    LIMIT 1
) bad;
COMMIT;
DROP TABLE dw.Z_NEW_dim_user;
