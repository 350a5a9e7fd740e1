-- How the designer shows a step (SQL or a template call's form); NULL: inferred from the text.
ALTER TABLE load_step ADD COLUMN step_kind VARCHAR(16);
ALTER TABLE load_preset_step ADD COLUMN step_kind VARCHAR(16);
