package io.loadsmith.entitytype;

/** How an entity exists in the warehouse (the import format's entityPhysicalType). */
public enum PhysicalType {
    TABLE, VIEW, MATERIALIZED_VIEW, METADATA_ONLY
}
