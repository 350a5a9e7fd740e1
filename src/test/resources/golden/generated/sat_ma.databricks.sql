/* 1. load_sat_ma_phone (GENERATED - SAT_MA) */
INSERT INTO dv.sat_ma_phone (dv_id, dv_load_time, dv_record_source, dv_datahash, phone)
SELECT mem.dv_id, mem.dv_load_time, mem.dv_record_source, ch.dv_set_hash, mem.phone
FROM (
    SELECT m.dv_id AS dv_id, m.dv_load_time AS dv_load_time, m.phone AS phone, MIN(m.dv_record_source) AS dv_record_source
    FROM (
        SELECT MD5(UPPER(NVL(NULLIF(TRIM(s.customer_id), ''), '-1'))) AS dv_id,
            s.load_ts AS dv_load_time,
            s.rec_src AS dv_record_source,
            s.phone AS phone
        FROM stage.phone_stg s
    ) m
    GROUP BY m.dv_id, m.dv_load_time, m.phone
) mem
JOIN (
    SELECT st.*, l.dv_latest_key, l.dv_latest_hash,
        LAG(st.dv_set_hash) OVER (PARTITION BY st.dv_set_key ORDER BY st.dv_set_time) AS dv_previous_hash
    FROM (
        SELECT x.dv_set_key, x.dv_set_time, MD5(ARRAY_JOIN(ARRAY_SORT(COLLECT_SET(NVL(x.phone, '-1'))), '~')) AS dv_set_hash
        FROM (
            SELECT MD5(UPPER(NVL(NULLIF(TRIM(s.customer_id), ''), '-1'))) AS dv_set_key, s.load_ts AS dv_set_time, s.*
            FROM stage.phone_stg s
        ) x
        GROUP BY x.dv_set_key, x.dv_set_time
    ) st
    LEFT JOIN (
        SELECT r.dv_id AS dv_latest_key, r.dv_load_time AS dv_latest_load_time, r.dv_datahash AS dv_latest_hash
        FROM (
            SELECT t.dv_id, t.dv_load_time, t.dv_datahash,
                ROW_NUMBER() OVER (PARTITION BY t.dv_id ORDER BY t.dv_load_time DESC, t.dv_datahash DESC) AS dv_row_number
            FROM dv.sat_ma_phone t
        ) r
        WHERE r.dv_row_number = 1
    ) l ON l.dv_latest_key = st.dv_set_key
    WHERE l.dv_latest_load_time IS NULL OR st.dv_set_time > l.dv_latest_load_time
) ch ON ch.dv_set_key = mem.dv_id AND ch.dv_set_time = mem.dv_load_time
WHERE (ch.dv_previous_hash IS NULL AND (ch.dv_latest_key IS NULL OR ch.dv_latest_hash <> ch.dv_set_hash))
   OR ch.dv_previous_hash <> ch.dv_set_hash;
