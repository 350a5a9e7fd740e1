-- Entity and attribute mappings (issue 46): which source entity feeds a load's target, and which
-- source attributes feed each target attribute through which transformation type. Owned by the
-- load like its steps (element collections: replaced as a whole, versioned with the load's
-- row_version, kept with a soft-deleted load, removed with a deleted one).
-- Attributes are referred to by name: they are ordered children of their entity, without ids.
-- Attribute mappings and their source attributes point at their parent by position rather than by a
-- foreign key: JPA rewrites each list by index, and a key between two lists rewritten in one flush
-- would fail half-way; the Load entity keeps them consistent.
create table load_mapping (
    load_id          bigint       not null references entity_load (id) on delete cascade,
    position         integer      not null,
    source_entity_id bigint       not null references dw_entity (id),
    mapping_type     varchar(16)  not null,
    name             varchar(256),
    primary key (load_id, position)
);

-- position: order of the attribute mappings in the load; mapping_position: its load_mapping.
create table load_attribute_mapping (
    load_id             bigint        not null references entity_load (id) on delete cascade,
    position            integer       not null,
    mapping_position    integer       not null,
    target_attribute    varchar(128)  not null,
    transformation_type varchar(128),
    custom_formula      varchar(100000),
    primary key (load_id, position)
);

-- position: order in the load (within one attribute mapping: its source order);
-- attribute_position: the load_attribute_mapping it feeds.
create table load_mapping_source (
    load_id            bigint       not null references entity_load (id) on delete cascade,
    position           integer      not null,
    attribute_position integer      not null,
    source_attribute   varchar(128) not null,
    primary key (load_id, position)
);

create index ix_load_mapping_source_entity on load_mapping (source_entity_id);
