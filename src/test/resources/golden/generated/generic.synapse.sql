/* 1. load_typed (GENERATED - GENERIC) */
INSERT INTO stage.typed_out (n, hk, diff)
SELECT s.n AS n,
    LOWER(CONVERT(VARCHAR(32), HASHBYTES('MD5', UPPER(COALESCE(NULLIF(LTRIM(RTRIM(CAST(s.n AS VARCHAR(4000)))), ''), '-1') + '~' + COALESCE(NULLIF(LTRIM(RTRIM(s.t)), ''), '-1'))), 2)) AS hk,
    LOWER(CONVERT(VARCHAR(32), HASHBYTES('MD5', COALESCE(CAST(s.n AS VARCHAR(4000)), '-1') + '~' + COALESCE(s.t, '-1') + '~' + COALESCE(CONVERT(VARCHAR(19), s.seen_at, 126) + '.' + RIGHT('000000' + CAST(DATEPART(MICROSECOND, s.seen_at) AS VARCHAR(6)), 6), '-1') + '~' + COALESCE(CONVERT(VARCHAR(10), s.seen_on, 23), '-1') + '~' + COALESCE(CASE WHEN s.is_vip = 1 THEN 'true' WHEN s.is_vip = 0 THEN 'false' END, '-1')), 2)) AS diff
FROM stage.typed_src s;
