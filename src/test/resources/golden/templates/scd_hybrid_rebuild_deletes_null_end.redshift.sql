/* 1. step_1 (OVERRIDE - SQL) */
-- Duplicate keys in the source stop the load before any write.
SELECT CAST('scd_hybrid_rebuild load dim_user_rebuild: the source stage.dim_user_staging has several rows for one natural key (login); example: ' || 'login=' || COALESCE(CAST(bad.login AS VARCHAR(65535)), 'NULL') || '. Give the source one row per key.' AS INTEGER) AS load_check_failed
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
        COALESCE((SELECT MAX(m.dim_user_id) FROM dw.dim_user m), 0) + ROW_NUMBER() OVER (ORDER BY s.login) AS dim_user_id
        , s.login AS login
        , s.premium_user AS premium_user
        , s.address AS address
        , s.phone AS phone
        , s.name AS name
        , COALESCE((SELECT MAX(v.scd_version) FROM dw.dim_user v WHERE v.login = s.login), 0) + 1 AS scd_version
        , CAST(CURRENT_TIMESTAMP AS TIMESTAMP) AS scd_start_date
        , CAST(NULL AS TIMESTAMP) AS scd_end_date
        , TRUE AS scd_active
FROM stage.dim_user_staging s
LEFT JOIN dw.dim_user p ON p.login = s.login AND p.scd_active = TRUE
WHERE p.dim_user_id IS NULL OR ((CASE WHEN p.address = s.address OR (p.address IS NULL AND s.address IS NULL) THEN 0 ELSE 1 END = 1) OR (CASE WHEN p.phone = s.phone OR (p.phone IS NULL AND s.phone IS NULL) THEN 0 ELSE 1 END = 1));
-- One pass over the target: SCD1 columns overwritten in all versions of the key, and the current
-- version of a changed key closed where its new version starts (every new version starts at the one
-- execution time, so the work table's latest start is that instant)
UPDATE dw.dim_user AS p SET premium_user = s.premium_user, name = s.name, scd_end_date = CASE WHEN p.scd_active = TRUE AND ((CASE WHEN p.address = s.address OR (p.address IS NULL AND s.address IS NULL) THEN 0 ELSE 1 END = 1) OR (CASE WHEN p.phone = s.phone OR (p.phone IS NULL AND s.phone IS NULL) THEN 0 ELSE 1 END = 1)) THEN (SELECT MAX(n.scd_start_date) FROM dw.Z_NEW_dim_user n) ELSE p.scd_end_date END
    , scd_active = CASE WHEN p.scd_active = TRUE AND ((CASE WHEN p.address = s.address OR (p.address IS NULL AND s.address IS NULL) THEN 0 ELSE 1 END = 1) OR (CASE WHEN p.phone = s.phone OR (p.phone IS NULL AND s.phone IS NULL) THEN 0 ELSE 1 END = 1)) THEN FALSE ELSE p.scd_active END
FROM stage.dim_user_staging s
WHERE s.login = p.login AND (((CASE WHEN p.premium_user = s.premium_user OR (p.premium_user IS NULL AND s.premium_user IS NULL) THEN 0 ELSE 1 END = 1) OR (CASE WHEN p.name = s.name OR (p.name IS NULL AND s.name IS NULL) THEN 0 ELSE 1 END = 1)) OR (p.scd_active = TRUE AND ((CASE WHEN p.address = s.address OR (p.address IS NULL AND s.address IS NULL) THEN 0 ELSE 1 END = 1) OR (CASE WHEN p.phone = s.phone OR (p.phone IS NULL AND s.phone IS NULL) THEN 0 ELSE 1 END = 1))));
-- Keys not in the complete source: deleted, their current version closed
UPDATE dw.dim_user AS p SET scd_end_date = CAST(CURRENT_TIMESTAMP AS TIMESTAMP), scd_active = FALSE
WHERE p.scd_active = TRUE AND NOT EXISTS (SELECT 1 FROM stage.dim_user_staging s WHERE s.login = p.login);
INSERT INTO dw.dim_user (dim_user_id, login, premium_user, address, phone, name, scd_version, scd_start_date, scd_end_date, scd_active)
SELECT dim_user_id, login, premium_user, address, phone, name, scd_version, scd_start_date, scd_end_date, scd_active FROM dw.Z_NEW_dim_user;
COMMIT;
DROP TABLE dw.Z_NEW_dim_user;
