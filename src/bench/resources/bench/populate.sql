-- Fills the store with :count SCD2 entities of 30 attributes (the shape of SyntheticModels) and
-- their four-step vessel-style loads, in package ':package'. Runs on PostgreSQL and H2 after the
-- schema and the demo data (which brings the SCD2 attribute types).
insert into metadata_package (name, description, created_at, updated_at)
values (':package', 'benchmark data', current_timestamp, current_timestamp);

insert into dw_entity (package_id, logical_name, name, schema_name, name_key, physical_type, created_at, updated_at)
with recursive n(i) as (select 1 union all select i + 1 from n where i < :count)
select p.id, 'E' || n.i, 'D_E' || n.i || '_SCD2', ':package', lower(':package') || '.d_e' || n.i || '_scd2', 'TABLE',
       current_timestamp, current_timestamp
from n, metadata_package p where p.name = ':package';

insert into dw_attribute (entity_id, position, name, datatype, data_length, data_precision, data_scale, nullable, attribute_type)
select e.id, a.pos, a.name, a.datatype, a.len, a.prec, a.scl, true, a.atype
from dw_entity e
cross join (values
    (1, 'entity_scd_id', 'CHAR', 32, CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), 'SCD_ID'),
    (2, 'entity_id', 'CHAR', 32, CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), 'DV_HASHKEY'),
    (3, 'datahash', 'CHAR', 32, CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), 'DV_DATAHASH'),
    (4, 'valid_from', 'TIMESTAMP', CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), 'VALID_FROM'),
    (5, 'valid_to', 'TIMESTAMP', CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), 'VALID_TO'),
    (6, 'validity_status', 'INTEGER1', CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), 'VALIDITY_STATUS'),
    (7, 'attribute_0', 'VARCHAR', 200, CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS VARCHAR(128))),
    (8, 'attribute_1', 'INTEGER8', CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS VARCHAR(128))),
    (9, 'attribute_2', 'DECIMAL', CAST(NULL AS INTEGER), 18, 2, CAST(NULL AS VARCHAR(128))),
    (10, 'attribute_3', 'TIMESTAMP', CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS VARCHAR(128))),
    (11, 'attribute_4', 'DATE', CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS VARCHAR(128))),
    (12, 'attribute_5', 'BOOLEAN', CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS VARCHAR(128))),
    (13, 'attribute_6', 'VARCHAR', 200, CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS VARCHAR(128))),
    (14, 'attribute_7', 'INTEGER8', CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS VARCHAR(128))),
    (15, 'attribute_8', 'DECIMAL', CAST(NULL AS INTEGER), 18, 2, CAST(NULL AS VARCHAR(128))),
    (16, 'attribute_9', 'TIMESTAMP', CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS VARCHAR(128))),
    (17, 'attribute_10', 'DATE', CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS VARCHAR(128))),
    (18, 'attribute_11', 'BOOLEAN', CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS VARCHAR(128))),
    (19, 'attribute_12', 'VARCHAR', 200, CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS VARCHAR(128))),
    (20, 'attribute_13', 'INTEGER8', CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS VARCHAR(128))),
    (21, 'attribute_14', 'DECIMAL', CAST(NULL AS INTEGER), 18, 2, CAST(NULL AS VARCHAR(128))),
    (22, 'attribute_15', 'TIMESTAMP', CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS VARCHAR(128))),
    (23, 'attribute_16', 'DATE', CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS VARCHAR(128))),
    (24, 'attribute_17', 'BOOLEAN', CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS VARCHAR(128))),
    (25, 'attribute_18', 'VARCHAR', 200, CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS VARCHAR(128))),
    (26, 'attribute_19', 'INTEGER8', CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS VARCHAR(128))),
    (27, 'attribute_20', 'DECIMAL', CAST(NULL AS INTEGER), 18, 2, CAST(NULL AS VARCHAR(128))),
    (28, 'attribute_21', 'TIMESTAMP', CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS VARCHAR(128))),
    (29, 'attribute_22', 'DATE', CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS VARCHAR(128))),
    (30, 'attribute_23', 'BOOLEAN', CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), CAST(NULL AS VARCHAR(128)))
) as a(pos, name, datatype, len, prec, scl, atype)
where e.schema_name = ':package';

insert into entity_load (target_entity_id, name, load_type, created_at, updated_at)
select id, 'load_' || schema_name || '_' || lower(name), 'TRANSFORM_PERSIST', current_timestamp, current_timestamp
from dw_entity where schema_name = ':package';

insert into load_step (load_id, position, name, step_type, step_text)
select l.id, s.pos, s.name, 'OVERRIDE', s.txt
from entity_load l
join dw_entity e on e.id = l.target_entity_id
cross join (values
    (1, 'drop_temp_start', 'DROP TABLE IF EXISTS <target_schema>.Z_TMP_<target_entity_name>;'),
    (2, 'create_temp_table', 'CREATE TEMPORARY TABLE <target_schema>.Z_TMP_<target_entity_name> AS SELECT * FROM staging.src;'),
    (3, 'merge_scd2_with_ftl', '<ftltemplate:scd2:temp_table_prefix=Z_TMP_>'),
    (4, 'drop_temp_end', 'DROP TABLE IF EXISTS <target_schema>.Z_TMP_<target_entity_name>;')
) as s(pos, name, txt)
where e.schema_name = ':package';
