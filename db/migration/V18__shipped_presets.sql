-- Presets that ship, so that a fresh install's first load needs no preset made by an admin first
-- (issue 48). A shipped preset names the entity types that offer it (offered_to_types, comma-separated
-- names), whether those types exist yet or come later by hand or from the commercial tool's
-- configuration import: a type offers it for TRANSFORM_PERSIST while it has no preset of its own.
-- Each is inserted only where no preset has its name already (store_revision is a one-row table).
alter table load_preset add column offered_to_types varchar(1000);

-- An SCD2 dimension fed straight from one source: scd2's temp table from the load's first source
-- (the business columns by name, the hash key from the business key), the merge, the temp table dropped
-- (by the template too: DROP TABLE IF EXISTS is not every dialect's form).
insert into load_preset (name, description, offered_to_types)
select 'scd2_from_source',
       'SCD2 history of the load''s first source: its columns by name, the hash key from the business key, one row per key',
       'DIM_SCD2'
from store_revision where id = 1 and not exists (select 1 from load_preset where lower(name) = 'scd2_from_source');

insert into load_preset_step (preset_id, position, name, step_type, step_text)
select id, 1, 'prepare_temp_table', 'OVERRIDE', '<ftltemplate:scd2_prepare:temp_table_prefix=Z_TMP_>'
from load_preset where name = 'scd2_from_source' and offered_to_types is not null;
insert into load_preset_step (preset_id, position, name, step_type, step_text)
select id, 2, 'merge_scd2', 'OVERRIDE', '<ftltemplate:scd2:temp_table_prefix=Z_TMP_:check_duplicates=true>'
from load_preset where name = 'scd2_from_source' and offered_to_types is not null;
insert into load_preset_step (preset_id, position, name, step_type, step_text)
select id, 3, 'drop_temp_table', 'OVERRIDE', '<ftltemplate:scd2_prepare:temp_table_prefix=Z_TMP_:action=drop>'
from load_preset where name = 'scd2_from_source' and offered_to_types is not null;

-- Data Vault and staging types: no steps. A load with one entity mapping and no OVERRIDE step
-- generates its SQL from the library's generated_<entity type> template (docs/mappings.md).
insert into load_preset (name, description, offered_to_types)
select 'generated_from_mapping',
       'No steps of its own: the SQL is generated from the load''s one entity mapping, by the target''s entity type',
       'HUB,LINK,SAT,SAT_C,SAT_MA,SAT_MA_C,S_SAT,PSA,STAGE,GENERIC,REF,DIM,FACT'
from store_revision where id = 1 and not exists (select 1 from load_preset where lower(name) = 'generated_from_mapping');
