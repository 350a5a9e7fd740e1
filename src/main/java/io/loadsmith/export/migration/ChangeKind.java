package io.loadsmith.export.migration;

import java.util.Locale;

/**
 * The kinds of change a migration makes. All but {@link #REBUILD} are changes of the model;
 * REBUILD is how a dialect makes the changes of one table that its ALTER TABLE cannot make.
 */
public enum ChangeKind {
    CREATE_ENTITY("create table"),
    RENAME_COLUMN("rename column"),
    WIDEN_TYPE("widen column"),
    NARROW_TYPE("narrow column"),
    DROP_COLUMN("drop column"),
    ADD_COLUMN("add column"),
    KEY_CHANGE("change key"),
    REBUILD("rebuild table"),
    REFRESH_CHANGE_HASH("refresh change hash"),
    DROP_ENTITY("drop table");

    private final String label;

    ChangeKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** The library DDL template that renders this kind ({@code templates-library/ddl/<name>}). */
    String template() {
        return switch (this) {
            case WIDEN_TYPE, NARROW_TYPE -> "migrate_alter_column";
            case DROP_ENTITY -> "migrate_drop_table";
            case REBUILD -> "migrate_rebuild_table";
            default -> "migrate_" + name().toLowerCase(Locale.ROOT);
        };
    }
}
