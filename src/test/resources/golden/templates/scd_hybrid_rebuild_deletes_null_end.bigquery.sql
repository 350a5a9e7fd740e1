/* 1. step_1 (OVERRIDE - SQL) */
-- Duplicate keys in the source stop the load before any write.
SELECT ERROR('scd_hybrid_rebuild load dim_user_rebuild: the source stage.dim_user_staging has several rows for one natural key (login); example: ' || 'login=' || IFNULL(CAST(bad.login AS STRING), 'NULL') || '. Give the source one row per key.') AS load_check_failed
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
        IFNULL((SELECT MAX(m.dim_user_id) FROM dw.dim_user m), 0) + ROW_NUMBER() OVER (ORDER BY s.login) AS dim_user_id
        , s.login AS login
        , s.premium_user AS premium_user
        , s.address AS address
        , s.phone AS phone
        , s.name AS name
        , IFNULL((SELECT MAX(v.scd_version) FROM dw.dim_user v WHERE v.login = s.login), 0) + 1 AS scd_version
        , CAST(CURRENT_TIMESTAMP AS DATETIME) AS scd_start_date
        , CAST(NULL AS DATETIME) AS scd_end_date
        , TRUE AS scd_active
FROM stage.dim_user_staging s
LEFT JOIN dw.dim_user p ON p.login = s.login AND p.scd_active = TRUE
WHERE p.dim_user_id IS NULL OR (p.address IS DISTINCT FROM s.address OR p.phone IS DISTINCT FROM s.phone);
-- One pass over the target: SCD1 columns overwritten in all versions of the key, and the current
-- version of a changed key closed where its new version starts (every new version starts at the one
-- execution time, so the work table's latest start is that instant)
UPDATE dw.dim_user AS p SET premium_user = s.premium_user, name = s.name, scd_end_date = CASE WHEN p.scd_active = TRUE AND (p.address IS DISTINCT FROM s.address OR p.phone IS DISTINCT FROM s.phone) THEN (SELECT MAX(n.scd_start_date) FROM dw.Z_NEW_dim_user n) ELSE p.scd_end_date END
    , scd_active = CASE WHEN p.scd_active = TRUE AND (p.address IS DISTINCT FROM s.address OR p.phone IS DISTINCT FROM s.phone) THEN FALSE ELSE p.scd_active END
FROM stage.dim_user_staging s
WHERE s.login = p.login AND ((p.premium_user IS DISTINCT FROM s.premium_user OR p.name IS DISTINCT FROM s.name) OR (p.scd_active = TRUE AND (p.address IS DISTINCT FROM s.address OR p.phone IS DISTINCT FROM s.phone)));
-- Keys not in the complete source: deleted, their current version closed
UPDATE dw.dim_user AS p SET scd_end_date = CAST(CURRENT_TIMESTAMP AS DATETIME), scd_active = FALSE
WHERE p.scd_active = TRUE AND NOT EXISTS (SELECT 1 FROM stage.dim_user_staging s WHERE s.login = p.login);
INSERT INTO dw.dim_user (dim_user_id, login, premium_user, address, phone, name, scd_version, scd_start_date, scd_end_date, scd_active)
SELECT dim_user_id, login, premium_user, address, phone, name, scd_version, scd_start_date, scd_end_date, scd_active FROM dw.Z_NEW_dim_user;
COMMIT;
DROP TABLE dw.Z_NEW_dim_user;
