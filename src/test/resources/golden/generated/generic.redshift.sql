/* 1. load_typed (GENERATED - GENERIC) */
INSERT INTO stage.typed_out (n, hk, diff)
SELECT s.n AS n,
    MD5(UPPER(COALESCE(NULLIF(TRIM(CAST(s.n AS VARCHAR(65535))), ''), '-1') || '~' || COALESCE(NULLIF(TRIM(s.t), ''), '-1'))) AS hk,
    MD5(COALESCE(CAST(s.n AS VARCHAR(65535)), '-1') || '~' || COALESCE(s.t, '-1') || '~' || COALESCE(TO_CHAR(s.seen_at, 'YYYY-MM-DD"T"HH24:MI:SS.US'), '-1') || '~' || COALESCE(TO_CHAR(s.seen_on, 'YYYY-MM-DD'), '-1') || '~' || COALESCE(CASE WHEN s.is_vip THEN 'true' WHEN NOT s.is_vip THEN 'false' END, '-1')) AS diff
FROM stage.typed_src s;
