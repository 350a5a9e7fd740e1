-- Readiness writes a row here and rolls it back: a store that still answers reads but refuses
-- writes (a CHECK constraint the database can no longer evaluate, a read-only replica, a full disk)
-- is not ready. The CHECK makes the probe meet what the model's constrained tables meet.
CREATE TABLE store_write_probe (
    id INTEGER PRIMARY KEY,
    probe VARCHAR(10) NOT NULL,
    CONSTRAINT ck_store_write_probe CHECK (probe IN ('readiness'))
);
