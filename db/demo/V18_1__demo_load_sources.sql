-- Demo data: the raw vault tables that the demo load load_d_vessel_scd2 reads (its create_temp_table
-- step's SQL), as entities of the demo package and as the load's declared sources, so that on a fresh
-- install each of their pages names the load as its reader and the lineage links entity to load
-- (issue 48). Named as the SQL writes them; their columns are the ones it reads. Versioned after the
-- schema it was written for (V18).

insert into dw_entity (package_id, entity_type_id, logical_name, name, schema_name, physical_type, description,
                       created_at, updated_at)
select p.id, null, 'AIS_VOYAGE_DIGITRAFFIC', 'l_t_marine_ais_voyage_digitraffic', 'rdv', 'TABLE', 'Link of an AIS voyage (Digitraffic) to its vessel by MMSI and IMO and to its vessel type',
       current_timestamp, current_timestamp
from metadata_package p where p.name = 'demo';

insert into dw_attribute (entity_id, position, name, datatype, data_length, nullable, attribute_type)
select id, 1, 'dv_id_marine_vessel_mmsi', 'CHAR', 32, false, null from dw_entity where schema_name = 'rdv' and name = 'l_t_marine_ais_voyage_digitraffic';
insert into dw_attribute (entity_id, position, name, datatype, data_length, nullable, attribute_type)
select id, 2, 'dv_id_marine_vessel_imo', 'CHAR', 32, true, null from dw_entity where schema_name = 'rdv' and name = 'l_t_marine_ais_voyage_digitraffic';
insert into dw_attribute (entity_id, position, name, datatype, data_length, nullable, attribute_type)
select id, 3, 'dv_id_marine_vessel_type', 'CHAR', 32, true, null from dw_entity where schema_name = 'rdv' and name = 'l_t_marine_ais_voyage_digitraffic';

insert into dw_entity (package_id, entity_type_id, logical_name, name, schema_name, physical_type, description,
                       created_at, updated_at)
select p.id, null, 'AIS_VOYAGE_BARENTSWATCH', 'l_t_marine_ais_voyage_barentswatch', 'rdv', 'TABLE', 'Link of an AIS voyage (BarentsWatch) to its vessel by MMSI and IMO and to its vessel type',
       current_timestamp, current_timestamp
from metadata_package p where p.name = 'demo';

insert into dw_attribute (entity_id, position, name, datatype, data_length, nullable, attribute_type)
select id, 1, 'dv_id_marine_vessel_mmsi', 'CHAR', 32, false, null from dw_entity where schema_name = 'rdv' and name = 'l_t_marine_ais_voyage_barentswatch';
insert into dw_attribute (entity_id, position, name, datatype, data_length, nullable, attribute_type)
select id, 2, 'dv_id_marine_vessel_imo', 'CHAR', 32, true, null from dw_entity where schema_name = 'rdv' and name = 'l_t_marine_ais_voyage_barentswatch';
insert into dw_attribute (entity_id, position, name, datatype, data_length, nullable, attribute_type)
select id, 3, 'dv_id_marine_vessel_type', 'CHAR', 32, true, null from dw_entity where schema_name = 'rdv' and name = 'l_t_marine_ais_voyage_barentswatch';

insert into dw_entity (package_id, entity_type_id, logical_name, name, schema_name, physical_type, description,
                       created_at, updated_at)
select p.id, null, 'VESSEL_MMSI', 'h_marine_vessel_mmsi', 'rdv', 'TABLE', 'Hub of vessels by MMSI',
       current_timestamp, current_timestamp
from metadata_package p where p.name = 'demo';

insert into dw_attribute (entity_id, position, name, datatype, data_length, nullable, attribute_type)
select id, 1, 'dv_id', 'CHAR', 32, false, null from dw_entity where schema_name = 'rdv' and name = 'h_marine_vessel_mmsi';
insert into dw_attribute (entity_id, position, name, datatype, data_length, nullable, attribute_type)
select id, 2, 'business_key', 'VARCHAR', 20, false, null from dw_entity where schema_name = 'rdv' and name = 'h_marine_vessel_mmsi';
insert into dw_attribute (entity_id, position, name, datatype, data_length, nullable, attribute_type)
select id, 3, 'dv_source_system', 'VARCHAR', 50, true, null from dw_entity where schema_name = 'rdv' and name = 'h_marine_vessel_mmsi';

insert into dw_entity (package_id, entity_type_id, logical_name, name, schema_name, physical_type, description,
                       created_at, updated_at)
select p.id, null, 'VESSEL_COUNTRY', 'r_marine_vessel_country', 'rdv', 'TABLE', 'Reference: the country of the maritime identification digits (MID) that begin an MMSI',
       current_timestamp, current_timestamp
from metadata_package p where p.name = 'demo';

insert into dw_attribute (entity_id, position, name, datatype, data_length, nullable, attribute_type)
select id, 1, 'mid', 'VARCHAR', 3, false, null from dw_entity where schema_name = 'rdv' and name = 'r_marine_vessel_country';
insert into dw_attribute (entity_id, position, name, datatype, data_length, nullable, attribute_type)
select id, 2, 'country_code', 'VARCHAR', 10, true, null from dw_entity where schema_name = 'rdv' and name = 'r_marine_vessel_country';
insert into dw_attribute (entity_id, position, name, datatype, data_length, nullable, attribute_type)
select id, 3, 'country', 'VARCHAR', 100, true, null from dw_entity where schema_name = 'rdv' and name = 'r_marine_vessel_country';

insert into dw_entity (package_id, entity_type_id, logical_name, name, schema_name, physical_type, description,
                       created_at, updated_at)
select p.id, null, 'VESSEL_MMSI_DIGITRAFFIC', 's_marine_vessel_mmsi_digitraffic_c', 'rdv', 'TABLE', 'Satellite: the name of a vessel as Digitraffic reports it (current)',
       current_timestamp, current_timestamp
from metadata_package p where p.name = 'demo';

insert into dw_attribute (entity_id, position, name, datatype, data_length, nullable, attribute_type)
select id, 1, 'dv_id', 'CHAR', 32, false, null from dw_entity where schema_name = 'rdv' and name = 's_marine_vessel_mmsi_digitraffic_c';
insert into dw_attribute (entity_id, position, name, datatype, data_length, nullable, attribute_type)
select id, 2, 'name', 'VARCHAR', 200, true, null from dw_entity where schema_name = 'rdv' and name = 's_marine_vessel_mmsi_digitraffic_c';

insert into dw_entity (package_id, entity_type_id, logical_name, name, schema_name, physical_type, description,
                       created_at, updated_at)
select p.id, null, 'VESSEL_MMSI_BARENTSWATCH', 's_marine_vessel_mmsi_barentswatch_c', 'rdv', 'TABLE', 'Satellite: the name of a vessel as BarentsWatch reports it (current)',
       current_timestamp, current_timestamp
from metadata_package p where p.name = 'demo';

insert into dw_attribute (entity_id, position, name, datatype, data_length, nullable, attribute_type)
select id, 1, 'dv_id', 'CHAR', 32, false, null from dw_entity where schema_name = 'rdv' and name = 's_marine_vessel_mmsi_barentswatch_c';
insert into dw_attribute (entity_id, position, name, datatype, data_length, nullable, attribute_type)
select id, 2, 'name', 'VARCHAR', 200, true, null from dw_entity where schema_name = 'rdv' and name = 's_marine_vessel_mmsi_barentswatch_c';

insert into dw_entity (package_id, entity_type_id, logical_name, name, schema_name, physical_type, description,
                       created_at, updated_at)
select p.id, null, 'VESSEL_TYPE_REFERENCE', 's_marine_vessel_type_reference_c', 'rdv', 'TABLE', 'Satellite: where a vessel type code sits in the type hierarchy and its description (current)',
       current_timestamp, current_timestamp
from metadata_package p where p.name = 'demo';

insert into dw_attribute (entity_id, position, name, datatype, data_length, nullable, attribute_type)
select id, 1, 'dv_id', 'CHAR', 32, false, null from dw_entity where schema_name = 'rdv' and name = 's_marine_vessel_type_reference_c';
insert into dw_attribute (entity_id, position, name, datatype, data_length, nullable, attribute_type)
select id, 2, 'type_hierarchy', 'INTEGER4', null, true, null from dw_entity where schema_name = 'rdv' and name = 's_marine_vessel_type_reference_c';
insert into dw_attribute (entity_id, position, name, datatype, data_length, nullable, attribute_type)
select id, 3, 'hierarchy_description', 'VARCHAR', 200, true, null from dw_entity where schema_name = 'rdv' and name = 's_marine_vessel_type_reference_c';

-- The sources in the order the SQL first reads them.
insert into load_source (load_id, position, entity_id)
select l.id, 1, e.id from entity_load l, dw_entity e
where l.name = 'load_d_vessel_scd2' and e.schema_name = 'rdv' and e.name = 'l_t_marine_ais_voyage_digitraffic';
insert into load_source (load_id, position, entity_id)
select l.id, 2, e.id from entity_load l, dw_entity e
where l.name = 'load_d_vessel_scd2' and e.schema_name = 'rdv' and e.name = 'l_t_marine_ais_voyage_barentswatch';
insert into load_source (load_id, position, entity_id)
select l.id, 3, e.id from entity_load l, dw_entity e
where l.name = 'load_d_vessel_scd2' and e.schema_name = 'rdv' and e.name = 'h_marine_vessel_mmsi';
insert into load_source (load_id, position, entity_id)
select l.id, 4, e.id from entity_load l, dw_entity e
where l.name = 'load_d_vessel_scd2' and e.schema_name = 'rdv' and e.name = 'r_marine_vessel_country';
insert into load_source (load_id, position, entity_id)
select l.id, 5, e.id from entity_load l, dw_entity e
where l.name = 'load_d_vessel_scd2' and e.schema_name = 'rdv' and e.name = 's_marine_vessel_mmsi_digitraffic_c';
insert into load_source (load_id, position, entity_id)
select l.id, 6, e.id from entity_load l, dw_entity e
where l.name = 'load_d_vessel_scd2' and e.schema_name = 'rdv' and e.name = 's_marine_vessel_mmsi_barentswatch_c';
insert into load_source (load_id, position, entity_id)
select l.id, 7, e.id from entity_load l, dw_entity e
where l.name = 'load_d_vessel_scd2' and e.schema_name = 'rdv' and e.name = 's_marine_vessel_type_reference_c';
