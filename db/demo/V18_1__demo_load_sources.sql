-- Demo data: the raw vault tables that the demo load load_d_vessel_scd2 reads (its create_temp_table
-- step's SQL), as entities of the demo package and as the load's declared sources, so that on a fresh
-- install each of their pages names the load as its reader and the lineage links entity to load
-- (issue 48). Named as the SQL writes them; their columns are the ones it reads. Versioned after the
-- schema it was written for (V18). One statement per table of the store, the rows as VALUES.
-- A store that already has its own demo edits gets only what does not meet them: a table of the same
-- name is not made again (names are unique), attributes go only to the tables made here (in the demo
-- package, without attributes yet), and the load gets these sources only when it has none.

insert into dw_entity (package_id, entity_type_id, logical_name, name, schema_name, physical_type, description,
                       created_at, updated_at)
select p.id, null, v.logical_name, v.name, 'rdv', 'TABLE', v.description, current_timestamp, current_timestamp
from metadata_package p,
     (values ('AIS_VOYAGE_DIGITRAFFIC', 'l_t_marine_ais_voyage_digitraffic',
              'Link of an AIS voyage (Digitraffic) to its vessel by MMSI and IMO and to its vessel type'),
             ('AIS_VOYAGE_BARENTSWATCH', 'l_t_marine_ais_voyage_barentswatch',
              'Link of an AIS voyage (BarentsWatch) to its vessel by MMSI and IMO and to its vessel type'),
             ('VESSEL_MMSI', 'h_marine_vessel_mmsi', 'Hub of vessels by MMSI'),
             ('VESSEL_COUNTRY', 'r_marine_vessel_country',
              'Reference: the country of the maritime identification digits (MID) that begin an MMSI'),
             ('VESSEL_MMSI_DIGITRAFFIC', 's_marine_vessel_mmsi_digitraffic_c',
              'Satellite: the name of a vessel as Digitraffic reports it (current)'),
             ('VESSEL_MMSI_BARENTSWATCH', 's_marine_vessel_mmsi_barentswatch_c',
              'Satellite: the name of a vessel as BarentsWatch reports it (current)'),
             ('VESSEL_TYPE_REFERENCE', 's_marine_vessel_type_reference_c',
              'Satellite: where a vessel type code sits in the type hierarchy, and its description (current)'))
         as v (logical_name, name, description)
where p.name = 'demo'
  and not exists (select 1 from dw_entity x where x.schema_name = 'rdv' and x.name = v.name);

insert into dw_attribute (entity_id, position, name, datatype, data_length, nullable, attribute_type)
select e.id, v.position, v.name, v.datatype, v.data_length, v.nullable, null
from dw_entity e,
     (values ('l_t_marine_ais_voyage_digitraffic', 1, 'dv_id_marine_vessel_mmsi', 'CHAR', 32, false),
             ('l_t_marine_ais_voyage_digitraffic', 2, 'dv_id_marine_vessel_imo', 'CHAR', 32, true),
             ('l_t_marine_ais_voyage_digitraffic', 3, 'dv_id_marine_vessel_type', 'CHAR', 32, true),
             ('l_t_marine_ais_voyage_barentswatch', 1, 'dv_id_marine_vessel_mmsi', 'CHAR', 32, false),
             ('l_t_marine_ais_voyage_barentswatch', 2, 'dv_id_marine_vessel_imo', 'CHAR', 32, true),
             ('l_t_marine_ais_voyage_barentswatch', 3, 'dv_id_marine_vessel_type', 'CHAR', 32, true),
             ('h_marine_vessel_mmsi', 1, 'dv_id', 'CHAR', 32, false),
             ('h_marine_vessel_mmsi', 2, 'business_key', 'VARCHAR', 20, false),
             ('h_marine_vessel_mmsi', 3, 'dv_source_system', 'VARCHAR', 50, true),
             ('r_marine_vessel_country', 1, 'mid', 'VARCHAR', 3, false),
             ('r_marine_vessel_country', 2, 'country_code', 'VARCHAR', 10, true),
             ('r_marine_vessel_country', 3, 'country', 'VARCHAR', 100, true),
             ('s_marine_vessel_mmsi_digitraffic_c', 1, 'dv_id', 'CHAR', 32, false),
             ('s_marine_vessel_mmsi_digitraffic_c', 2, 'name', 'VARCHAR', 200, true),
             ('s_marine_vessel_mmsi_barentswatch_c', 1, 'dv_id', 'CHAR', 32, false),
             ('s_marine_vessel_mmsi_barentswatch_c', 2, 'name', 'VARCHAR', 200, true),
             ('s_marine_vessel_type_reference_c', 1, 'dv_id', 'CHAR', 32, false),
             ('s_marine_vessel_type_reference_c', 2, 'type_hierarchy', 'INTEGER4', null, true),
             ('s_marine_vessel_type_reference_c', 3, 'hierarchy_description', 'VARCHAR', 200, true))
         as v (entity, position, name, datatype, data_length, nullable)
where e.schema_name = 'rdv' and e.name = v.entity
  and e.package_id = (select p.id from metadata_package p where p.name = 'demo')
  and not exists (select 1 from dw_attribute a where a.entity_id = e.id);

-- The sources in the order the SQL first reads them.
insert into load_source (load_id, position, entity_id)
select l.id, v.position, e.id
from entity_load l, dw_entity e,
     (values (1, 'l_t_marine_ais_voyage_digitraffic'), (2, 'l_t_marine_ais_voyage_barentswatch'),
             (3, 'h_marine_vessel_mmsi'), (4, 'r_marine_vessel_country'), (5, 's_marine_vessel_mmsi_digitraffic_c'),
             (6, 's_marine_vessel_mmsi_barentswatch_c'), (7, 's_marine_vessel_type_reference_c'))
         as v (position, entity)
where l.name = 'load_d_vessel_scd2' and e.schema_name = 'rdv' and e.name = v.entity
  and not exists (select 1 from load_source s where s.load_id = l.id);
