-- SAT_MA by hand: the batch's sets (a key's members at one load time, each member once with the
-- lowest record source) later than the key's latest set, kept where the set's hash (MD5 of its
-- sorted distinct members joined with '~') differs from the set before it (in the batch, else the
-- satellite's latest); every member of a kept set goes in with the set's hash.
INSERT INTO dv.hand_sat_ma_phone (dv_id, dv_load_time, dv_record_source, dv_datahash, phone)
SELECT m.dv_id, m.dv_load_time, m.dv_record_source, c.set_hash, m.phone
FROM (
    SELECT DISTINCT ON (h.dv_id, h.dv_load_time, h.phone) h.*
    FROM (
        SELECT MD5(UPPER(COALESCE(NULLIF(TRIM(s.customer_id), ''), '-1'))) AS dv_id, s.load_ts AS dv_load_time,
            s.rec_src AS dv_record_source, s.phone
        FROM stage.phone_stg s
    ) h
    ORDER BY h.dv_id, h.dv_load_time, h.phone, h.dv_record_source:bytes
) m
JOIN (
    SELECT x.dv_id, x.dv_load_time, x.set_hash
    FROM (
        SELECT st.*, COALESCE(LAG(st.set_hash) OVER (PARTITION BY st.dv_id ORDER BY st.dv_load_time), l.dv_datahash) AS previous_hash
        FROM (
            SELECT MD5(UPPER(COALESCE(NULLIF(TRIM(s.customer_id), ''), '-1'))) AS dv_id, s.load_ts AS dv_load_time,
                MD5(STRING_AGG(DISTINCT CAST(COALESCE(s.phone, '-1') AS TEXT):bytes, '~' ORDER BY CAST(COALESCE(s.phone, '-1') AS TEXT):bytes)) AS set_hash
            FROM stage.phone_stg s
            GROUP BY MD5(UPPER(COALESCE(NULLIF(TRIM(s.customer_id), ''), '-1'))), s.load_ts
        ) st
        LEFT JOIN (
            SELECT DISTINCT ON (t.dv_id) t.dv_id, t.dv_load_time, t.dv_datahash
            FROM dv.hand_sat_ma_phone t
            ORDER BY t.dv_id, t.dv_load_time DESC
        ) l ON l.dv_id = st.dv_id
        WHERE l.dv_id IS NULL OR st.dv_load_time > l.dv_load_time
    ) x
    WHERE x.previous_hash IS NULL OR x.previous_hash <> x.set_hash
) c ON c.dv_id = m.dv_id AND c.dv_load_time = m.dv_load_time;
