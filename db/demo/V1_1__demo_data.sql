-- Demo data: the vessel SCD2 dimension of seed 000 (shared/golden/README.md), so that a first
-- start shows a load that generates the seed's SQL. Versioned right after the schema it was
-- written for, so later schema migrations carry it along. No explicit ids: PostgreSQL's identity
-- sequences would not know them; references go through subselects by name.

insert into metadata_package (name, description, created_at, updated_at)
values ('demo', 'The vessel example of seed 000', current_timestamp, current_timestamp);

insert into attribute_type (name, description) values ('SCD_ID', 'Surrogate key of one version of an SCD2 row');
insert into attribute_type (name, description) values ('DV_HASHKEY', 'Hash of the business key');
insert into attribute_type (name, description) values ('DV_DATAHASH', 'Hash of the tracked attributes');
insert into attribute_type (name, description) values ('VALID_FROM', 'Start of a version''s validity');
insert into attribute_type (name, description) values ('VALID_TO', 'End of a version''s validity');
insert into attribute_type (name, description) values ('VALIDITY_STATUS', '1 for the current version, else 0');

insert into default_attribute (code, name_template, datatype, data_length, nullable, attribute_type)
values ('SCD_ID', '<entity_logical_name>_scd_id', 'CHAR', 32, true, 'SCD_ID');
insert into default_attribute (code, name_template, datatype, data_length, nullable, attribute_type)
values ('DV_HASHKEY', '<entity_logical_name>_id', 'CHAR', 32, true, 'DV_HASHKEY');
insert into default_attribute (code, name_template, datatype, data_length, nullable, attribute_type)
values ('DV_DATAHASH', 'datahash', 'CHAR', 32, true, 'DV_DATAHASH');
insert into default_attribute (code, name_template, datatype, data_length, nullable, attribute_type)
values ('VALID_FROM', 'valid_from', 'TIMESTAMP', null, true, 'VALID_FROM');
insert into default_attribute (code, name_template, datatype, data_length, nullable, attribute_type)
values ('VALID_TO', 'valid_to', 'TIMESTAMP', null, true, 'VALID_TO');
insert into default_attribute (code, name_template, datatype, data_length, nullable, attribute_type)
values ('VALIDITY_STATUS', 'validity_status', 'INTEGER1', null, true, 'VALIDITY_STATUS');

insert into entity_type (package_id, name, description, name_prefix, name_suffix, default_schema, default_physical_type)
select id, 'DIM_SCD2', 'Slowly changing dimension, type 2', 'D_', '_SCD2', 'publish', 'TABLE'
from metadata_package where name = 'demo';

insert into entity_type_default_attribute (entity_type_id, position, default_attribute_id)
select t.id, 1, d.id from entity_type t, default_attribute d where t.name = 'DIM_SCD2' and d.code = 'SCD_ID';
insert into entity_type_default_attribute (entity_type_id, position, default_attribute_id)
select t.id, 2, d.id from entity_type t, default_attribute d where t.name = 'DIM_SCD2' and d.code = 'DV_HASHKEY';
insert into entity_type_default_attribute (entity_type_id, position, default_attribute_id)
select t.id, 3, d.id from entity_type t, default_attribute d where t.name = 'DIM_SCD2' and d.code = 'DV_DATAHASH';
insert into entity_type_default_attribute (entity_type_id, position, default_attribute_id)
select t.id, 4, d.id from entity_type t, default_attribute d where t.name = 'DIM_SCD2' and d.code = 'VALID_FROM';
insert into entity_type_default_attribute (entity_type_id, position, default_attribute_id)
select t.id, 5, d.id from entity_type t, default_attribute d where t.name = 'DIM_SCD2' and d.code = 'VALID_TO';
insert into entity_type_default_attribute (entity_type_id, position, default_attribute_id)
select t.id, 6, d.id from entity_type t, default_attribute d where t.name = 'DIM_SCD2' and d.code = 'VALIDITY_STATUS';

insert into entity_type_load_type (entity_type_id, physical_type, load_type)
select id, 'TABLE', 'TRANSFORM_PERSIST' from entity_type where name = 'DIM_SCD2';

insert into dw_entity (package_id, entity_type_id, logical_name, name, schema_name, physical_type, description,
                       created_at, updated_at)
select p.id, t.id, 'VESSEL', 'D_VESSEL_SCD2', 'publish', 'TABLE', 'Vessels by MMSI, with history',
       current_timestamp, current_timestamp
from metadata_package p, entity_type t where p.name = 'demo' and t.name = 'DIM_SCD2';

insert into dw_attribute (entity_id, position, name, datatype, data_length, nullable, attribute_type)
select id, 1, 'vessel_scd_id', 'CHAR', 32, true, 'SCD_ID' from dw_entity where schema_name = 'publish' and name = 'D_VESSEL_SCD2';
insert into dw_attribute (entity_id, position, name, datatype, data_length, nullable, attribute_type)
select id, 2, 'vessel_id', 'CHAR', 32, true, 'DV_HASHKEY' from dw_entity where schema_name = 'publish' and name = 'D_VESSEL_SCD2';
insert into dw_attribute (entity_id, position, name, datatype, data_length, nullable, attribute_type)
select id, 3, 'datahash', 'CHAR', 32, true, 'DV_DATAHASH' from dw_entity where schema_name = 'publish' and name = 'D_VESSEL_SCD2';
insert into dw_attribute (entity_id, position, name, datatype, data_length, nullable, attribute_type)
select id, 4, 'valid_from', 'TIMESTAMP', null, true, 'VALID_FROM' from dw_entity where schema_name = 'publish' and name = 'D_VESSEL_SCD2';
insert into dw_attribute (entity_id, position, name, datatype, data_length, nullable, attribute_type)
select id, 5, 'valid_to', 'TIMESTAMP', null, true, 'VALID_TO' from dw_entity where schema_name = 'publish' and name = 'D_VESSEL_SCD2';
insert into dw_attribute (entity_id, position, name, datatype, data_length, nullable, attribute_type)
select id, 6, 'validity_status', 'INTEGER1', null, true, 'VALIDITY_STATUS' from dw_entity where schema_name = 'publish' and name = 'D_VESSEL_SCD2';
insert into dw_attribute (entity_id, position, name, datatype, data_length, nullable, attribute_type)
select id, 7, 'mmsi_key', 'INTEGER8', null, true, null from dw_entity where schema_name = 'publish' and name = 'D_VESSEL_SCD2';
insert into dw_attribute (entity_id, position, name, datatype, data_length, nullable, attribute_type)
select id, 8, 'vessel_name', 'VARCHAR', 200, true, null from dw_entity where schema_name = 'publish' and name = 'D_VESSEL_SCD2';
insert into dw_attribute (entity_id, position, name, datatype, data_length, nullable, attribute_type)
select id, 9, 'vessel_type_code', 'INTEGER4', null, true, null from dw_entity where schema_name = 'publish' and name = 'D_VESSEL_SCD2';
insert into dw_attribute (entity_id, position, name, datatype, data_length, nullable, attribute_type)
select id, 10, 'vessel_type', 'VARCHAR', 200, true, null from dw_entity where schema_name = 'publish' and name = 'D_VESSEL_SCD2';
insert into dw_attribute (entity_id, position, name, datatype, data_length, nullable, attribute_type)
select id, 11, 'country_code', 'VARCHAR', 10, true, null from dw_entity where schema_name = 'publish' and name = 'D_VESSEL_SCD2';
insert into dw_attribute (entity_id, position, name, datatype, data_length, nullable, attribute_type)
select id, 12, 'country', 'VARCHAR', 100, true, null from dw_entity where schema_name = 'publish' and name = 'D_VESSEL_SCD2';
insert into dw_attribute (entity_id, position, name, datatype, data_length, nullable, attribute_type)
select id, 13, 'source_system', 'VARCHAR', 50, true, null from dw_entity where schema_name = 'publish' and name = 'D_VESSEL_SCD2';

insert into entity_load (target_entity_id, name, load_type, description, created_at, updated_at)
select id, 'load_d_vessel_scd2', 'TRANSFORM_PERSIST', 'SCD2 load of the vessel dimension (seed 000)',
       current_timestamp, current_timestamp
from dw_entity where schema_name = 'publish' and name = 'D_VESSEL_SCD2';

insert into load_step (load_id, position, name, step_type, step_text)
select id, 1, 'drop_temp_start', 'OVERRIDE', 'DROP TABLE IF EXISTS <target_schema>.Z_TMP_<target_entity_name>;'
from entity_load where name = 'load_d_vessel_scd2';

insert into load_step (load_id, position, name, step_type, step_text)
select id, 2, 'create_temp_table', 'OVERRIDE', 'CREATE TEMPORARY TABLE <target_schema>.Z_TMP_<target_entity_name> AS
WITH voyages_digi AS (
    SELECT DISTINCT 
        dv_id_marine_vessel_mmsi
        ,dv_id_marine_vessel_imo
        ,dv_id_marine_vessel_type
    FROM rdv.l_t_marine_ais_voyage_digitraffic
)
,voyages_barw AS (
    SELECT DISTINCT 
        dv_id_marine_vessel_mmsi
        ,dv_id_marine_vessel_imo
        ,dv_id_marine_vessel_type
    FROM rdv.l_t_marine_ais_voyage_barentswatch
)
,vessel AS (
    SELECT 
        h_vessel.dv_id AS vessel_id
        ,h_vessel.business_key AS mmsi_key
        ,COALESCE(s_vessel_digi.name, s_vessel_barw.name) AS vessel_name
        ,COALESCE(s_vessel_type_a.type_hierarchy, s_vessel_type_b.type_hierarchy) AS vessel_type_code
        ,COALESCE(s_vessel_type_a.hierarchy_description, s_vessel_type_b.hierarchy_description) AS vessel_type
        ,r_country.country_code AS country_code
        ,r_country.country AS country
        ,h_vessel.dv_source_system AS source_system
    FROM
        rdv.h_marine_vessel_mmsi h_vessel
    LEFT JOIN
        rdv.r_marine_vessel_country r_country
        ON LEFT(h_vessel.business_key, 3) = r_country.mid
    LEFT JOIN
        rdv.s_marine_vessel_mmsi_digitraffic_c s_vessel_digi
        ON h_vessel.dv_id = s_vessel_digi.dv_id
    LEFT JOIN
        rdv.s_marine_vessel_mmsi_barentswatch_c s_vessel_barw
        ON h_vessel.dv_id = s_vessel_barw.dv_id
    LEFT JOIN
        voyages_digi
        ON h_vessel.dv_id = voyages_digi.dv_id_marine_vessel_mmsi
    LEFT JOIN
        rdv.s_marine_vessel_type_reference_c s_vessel_type_a
        ON s_vessel_type_a.dv_id = voyages_digi.dv_id_marine_vessel_type
    LEFT JOIN
        voyages_barw
        ON h_vessel.dv_id = voyages_barw.dv_id_marine_vessel_mmsi
    LEFT JOIN
        rdv.s_marine_vessel_type_reference_c s_vessel_type_b
        ON s_vessel_type_b.dv_id = voyages_barw.dv_id_marine_vessel_type
)
SELECT 
    *
    ,CURRENT_TIMESTAMP AS valid_from
FROM vessel;'
from entity_load where name = 'load_d_vessel_scd2';

insert into load_step (load_id, position, name, step_type, step_text)
select id, 3, 'merge_scd2_with_ftl', 'OVERRIDE', '<ftltemplate:scd2:temp_table_prefix=Z_TMP_>'
from entity_load where name = 'load_d_vessel_scd2';

insert into load_step (load_id, position, name, step_type, step_text)
select id, 4, 'drop_temp_end', 'OVERRIDE', 'DROP TABLE IF EXISTS <target_schema>.Z_TMP_<target_entity_name>;'
from entity_load where name = 'load_d_vessel_scd2';

insert into environment (name, description) values ('dev', 'Development warehouse');
insert into environment (name, description) values ('prod', 'Production warehouse');
insert into environment_variable (environment_id, name, variable_value)
select id, 'warehouse_database', 'DW_DEV' from environment where name = 'dev';
insert into environment_variable (environment_id, name, variable_value)
select id, 'warehouse_database', 'DW_PROD' from environment where name = 'prod';
