-- Soft delete, for the designer's undo: a deleted entity or load keeps its row, stamped with when it
-- was deleted, until someone restores it. The application does not see rows whose deleted_at is set;
-- their names stay taken (the unique constraints still hold), so a restore never clashes.
alter table dw_entity add column deleted_at timestamp with time zone;
alter table entity_load add column deleted_at timestamp with time zone;
