-- Demo data: a staging source with two business columns, so that a first hour on a fresh install can
-- model an SCD2 dimension fed from it (its columns copied, its load from the shipped preset) without
-- creating a source first (issue 48). Versioned after the schema it was written for.

insert into dw_entity (package_id, entity_type_id, logical_name, name, schema_name, physical_type, description,
                       created_at, updated_at)
select p.id, null, 'PORT', 'S_PORT', 'staging', 'TABLE', 'Ports of call, as the port register delivers them',
       current_timestamp, current_timestamp
from metadata_package p where p.name = 'demo';

insert into dw_attribute (entity_id, position, name, datatype, data_length, nullable, attribute_type)
select id, 1, 'port_code', 'VARCHAR', 10, false, null from dw_entity where schema_name = 'staging' and name = 'S_PORT';
insert into dw_attribute (entity_id, position, name, datatype, data_length, nullable, attribute_type)
select id, 2, 'port_name', 'VARCHAR', 100, true, null from dw_entity where schema_name = 'staging' and name = 'S_PORT';
