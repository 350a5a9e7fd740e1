-- insert_new_by_datahash by hand: the hash once, the anti-join on (key, hash) with the values
-- compared null-safely, rows identical in key, hash and values kept once (DISTINCT ON; rows whose
-- hashes collide but whose values differ are each kept).
INSERT INTO psa.hand_customer_psa (customer_id, name, city, segment, datahash)
SELECT DISTINCT ON (h.customer_id, h.datahash, h.name, h.city, h.segment) h.customer_id, h.name, h.city, h.segment, h.datahash
FROM (
    SELECT s.customer_id, s.name, s.city, s.segment,
        MD5(COALESCE(s.name, '-1') || '~' || COALESCE(s.city, '-1') || '~' || COALESCE(s.segment, '-1')) AS datahash
    FROM stage.psa_src s
) h
WHERE NOT EXISTS (
    SELECT 1 FROM psa.hand_customer_psa t
    WHERE t.customer_id = h.customer_id AND t.datahash = h.datahash
        AND NOT (t.name IS DISTINCT FROM h.name OR t.city IS DISTINCT FROM h.city OR t.segment IS DISTINCT FROM h.segment));
