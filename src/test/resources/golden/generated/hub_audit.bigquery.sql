/* 1. load_hub_customer (GENERATED - HUB) */
BEGIN TRANSACTION;
INSERT INTO dv.hub_customer (dv_id, business_key, dv_load_time, dv_record_source)
SELECT n.dv_id, n.business_key, n.dv_load_time, n.dv_record_source
FROM (
    SELECT m.*,
        ROW_NUMBER() OVER (PARTITION BY m.dv_id ORDER BY m.dv_load_time, m.dv_record_source) AS dv_row_number
    FROM (
        SELECT TO_HEX(MD5(UPPER(IFNULL(NULLIF(TRIM(s.customer_id), ''), '-1')))) AS dv_id,
            UPPER(IFNULL(NULLIF(TRIM(s.customer_id), ''), '-1')) AS business_key,
            s.load_ts AS dv_load_time,
            s.rec_src AS dv_record_source
        FROM stage.customer_stg s
    ) m
    WHERE NOT EXISTS (
        SELECT 1
        FROM dv.hub_customer t
        WHERE t.dv_id = m.dv_id
    )
) n
WHERE n.dv_row_number = 1;
-- Audit (OPT_AUDIT_HISTORY): one row per key of the keys of this batch, after the write and before the COMMIT
SELECT ERROR('generated HUB load load_hub_customer: the target dv.hub_customer breaks its history invariants after the write; offending keys (at most 5 shown): ' || REPLACE(bad.dv_audit_keys, '~', '; ') || '. The load is rolled back; repair the history (or the load) and rerun.') AS load_check_failed
FROM (
    SELECT a.* FROM (
    SELECT COUNT(*) AS dv_audit_n, STRING_AGG(x.dv_audit_key || ': ' || x.dv_audit_problem, '~' ORDER BY x.dv_audit_key || ': ' || x.dv_audit_problem) AS dv_audit_keys
    FROM (
        SELECT 'dv_id=' || IFNULL(CAST(h.dv_id AS STRING), 'NULL') AS dv_audit_key, CASE MIN(h.dv_audit_code) WHEN 1 THEN 'several rows' END AS dv_audit_problem
        FROM (
            SELECT t.dv_id, CASE WHEN COUNT(*) > 1 THEN 1 END AS dv_audit_code
            FROM dv.hub_customer t
            WHERE EXISTS (SELECT 1 FROM (
                SELECT TO_HEX(MD5(UPPER(IFNULL(NULLIF(TRIM(s.customer_id), ''), '-1')))) AS dv_id
                FROM stage.customer_stg s
            ) b WHERE b.dv_id = t.dv_id)
            GROUP BY t.dv_id
        ) h
        WHERE h.dv_audit_code IS NOT NULL
        GROUP BY h.dv_id
    ORDER BY 1
    LIMIT 5
    ) x
    ) a
    WHERE a.dv_audit_n > 0
    LIMIT 1
) bad;
COMMIT;
