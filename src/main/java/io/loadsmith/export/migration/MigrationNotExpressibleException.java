package io.loadsmith.export.migration;

/** A change that a migration cannot make (at all, or in the dialect): which change, where, and why. */
public class MigrationNotExpressibleException extends RuntimeException {

    private final String change;
    private final String dialect;
    private final String reason;

    public MigrationNotExpressibleException(String change, String dialect, String reason) {
        super("The migration cannot " + change + (dialect == null ? "" : " in " + dialect) + ": " + reason + ".");
        this.change = change;
        this.dialect = dialect;
        this.reason = reason;
    }

    public String change() {
        return change;
    }

    public String dialect() {
        return dialect;
    }

    public String reason() {
        return reason;
    }
}
