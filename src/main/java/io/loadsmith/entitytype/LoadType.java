package io.loadsmith.entitytype;

/** How an entity is loaded (the import format's loadType). */
public enum LoadType {
    TRANSFORM_PERSIST, TRANSFORM_SQL_VIEW, LOAD_FILE, CRAWLER_EXTRACT
}
