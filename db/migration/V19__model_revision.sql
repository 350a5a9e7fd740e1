-- Loads and entities get a revision of their own (row 2), beside the templates' (row 1): every commit
-- that writes a table a stored load is read from increments it, so that an instance may keep what it
-- read of a load until it sees another revision, without a load's save dropping the parsed templates.
INSERT INTO store_revision (id, revision) VALUES (2, 0);
