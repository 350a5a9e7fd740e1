-- What generation keeps in memory (templates, formulas, datatype mappings) has one revision in the
-- store. Every commit that changes them increments it; an instance that sees another revision than
-- it last saw drops what it holds, so instances sharing a store generate with the same text.
CREATE TABLE store_revision (
    id INTEGER PRIMARY KEY,
    revision BIGINT NOT NULL
);
INSERT INTO store_revision (id, revision) VALUES (1, 0);
