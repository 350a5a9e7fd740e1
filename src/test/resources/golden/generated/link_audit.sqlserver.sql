/* 1. load_link_order (GENERATED - LINK) */
SET XACT_ABORT ON;
BEGIN TRANSACTION;
INSERT INTO dv.link_order (dv_id, dv_id_customer, dv_id_product, dv_load_time, dv_record_source)
SELECT n.dv_id, LOWER(CONVERT(VARCHAR(32), HASHBYTES('MD5', UPPER(COALESCE(NULLIF(LTRIM(RTRIM(n.customer_id)), ''), '-1'))), 2)), LOWER(CONVERT(VARCHAR(32), HASHBYTES('MD5', UPPER(COALESCE(NULLIF(LTRIM(RTRIM(n.product_id)), ''), '-1'))), 2)), n.dv_load_time, n.dv_record_source
FROM (
    SELECT m.*,
        ROW_NUMBER() OVER (PARTITION BY m.dv_id ORDER BY m.dv_load_time, m.dv_record_source COLLATE Latin1_General_BIN2) AS dv_row_number
    FROM (
        SELECT LOWER(CONVERT(VARCHAR(32), HASHBYTES('MD5', UPPER(COALESCE(NULLIF(LTRIM(RTRIM(s.customer_id)), ''), '-1') + '~' + COALESCE(NULLIF(LTRIM(RTRIM(s.product_id)), ''), '-1'))), 2)) AS dv_id,
            s.load_ts AS dv_load_time,
            s.rec_src AS dv_record_source,
            s.customer_id AS customer_id,
            s.product_id AS product_id
        FROM stage.order_stg s
    ) m
    WHERE NOT EXISTS (
        SELECT 1
        FROM dv.link_order t
        WHERE t.dv_id = m.dv_id
    )
) n
WHERE n.dv_row_number = 1;
-- Audit (OPT_AUDIT_HISTORY): one row per key of the keys of this batch, after the write and before the COMMIT
SELECT CAST('generated LINK load load_link_order: the target dv.link_order breaks its history invariants after the write; offending keys (at most 5 shown): ' + REPLACE(bad.dv_audit_keys, '~', '; ') + '. The load is rolled back; repair the history (or the load) and rerun.' AS INTEGER) AS load_check_failed
FROM (
    SELECT TOP 1 * FROM (
    SELECT a.* FROM (
    SELECT COUNT(*) AS dv_audit_n, STRING_AGG(x.dv_audit_key + ': ' + x.dv_audit_problem, '~') WITHIN GROUP (ORDER BY x.dv_audit_key + ': ' + x.dv_audit_problem) AS dv_audit_keys
    FROM (
    SELECT TOP 5 * FROM (
        SELECT 'dv_id=' + COALESCE(CAST(h.dv_id AS VARCHAR(4000)), 'NULL') AS dv_audit_key, CASE MIN(h.dv_audit_code) WHEN 1 THEN 'several rows' END AS dv_audit_problem
        FROM (
            SELECT t.dv_id, CASE WHEN COUNT(*) > 1 THEN 1 END AS dv_audit_code
            FROM dv.link_order t
            WHERE EXISTS (SELECT 1 FROM (
                SELECT LOWER(CONVERT(VARCHAR(32), HASHBYTES('MD5', UPPER(COALESCE(NULLIF(LTRIM(RTRIM(s.customer_id)), ''), '-1') + '~' + COALESCE(NULLIF(LTRIM(RTRIM(s.product_id)), ''), '-1'))), 2)) AS dv_id
                FROM stage.order_stg s
            ) b WHERE b.dv_id = t.dv_id)
            GROUP BY t.dv_id
        ) h
        WHERE h.dv_audit_code IS NOT NULL
        GROUP BY h.dv_id
    ) f ORDER BY f.dv_audit_key
    ) x
    ) a
    WHERE a.dv_audit_n > 0
    ) o
) bad;
COMMIT;
