-- scd_hybrid_rebuild by hand, on an engine with UPDATE: the same resulting rows, written in place
-- (SCD1 columns overwritten and changed versions closed by one UPDATE, new versions inserted)
-- instead of rebuilding the whole table.
SELECT CAST('duplicate key: user_id=' || CAST(bad.user_id AS VARCHAR) AS INTEGER)
FROM (SELECT user_id FROM stage.user_src GROUP BY user_id HAVING COUNT(*) > 1 LIMIT 1) bad;
-- New versions, computed from the state before the update
DROP TABLE IF EXISTS dw.hand_new;
CREATE TABLE dw.hand_new AS
SELECT
    COALESCE((SELECT MAX(m.user_sk) FROM dw.hand_user_dim m), 0) + ROW_NUMBER() OVER (ORDER BY s.user_id) AS user_sk,
    s.user_id, s.name, s.city, s.segment,
    COALESCE((SELECT MAX(v.scd_version) FROM dw.hand_user_dim v WHERE v.user_id = s.user_id), 0) + 1 AS scd_version,
    :run AS valid_from, CAST('9999-12-31' AS TIMESTAMP) AS valid_to, 1 AS is_active
FROM stage.user_src s
LEFT JOIN dw.hand_user_dim p ON p.user_id = s.user_id AND p.is_active = 1
WHERE p.user_sk IS NULL OR p.city IS DISTINCT FROM s.city OR p.segment IS DISTINCT FROM s.segment;
BEGIN TRANSACTION;
UPDATE dw.hand_user_dim AS t SET
    name = s.name,
    valid_to = CASE WHEN t.is_active = 1 AND (t.city IS DISTINCT FROM s.city OR t.segment IS DISTINCT FROM s.segment)
        THEN :run ELSE t.valid_to END,
    is_active = CASE WHEN t.is_active = 1 AND (t.city IS DISTINCT FROM s.city OR t.segment IS DISTINCT FROM s.segment)
        THEN 0 ELSE t.is_active END
FROM stage.user_src s
WHERE s.user_id = t.user_id
    AND (t.name IS DISTINCT FROM s.name
        OR (t.is_active = 1 AND (t.city IS DISTINCT FROM s.city OR t.segment IS DISTINCT FROM s.segment)));
INSERT INTO dw.hand_user_dim (user_sk, user_id, name, city, segment, scd_version, valid_from, valid_to, is_active)
SELECT user_sk, user_id, name, city, segment, scd_version, valid_from, valid_to, is_active FROM dw.hand_new;
COMMIT;
DROP TABLE dw.hand_new;
