package io.loadsmith.audit;

/** What happened to the object. */
public enum AuditAction {
    CREATE,
    UPDATE,
    DELETE,
    /** The designer's delete: hidden, restorable. */
    SOFT_DELETE,
    /** A soft-deleted object brought back. */
    RESTORE,
    /** A package import: one event for the whole package, with counts. */
    IMPORT,
    /** A package's working state committed as a version. */
    COMMIT,
    /** A committed version made the working state again. */
    RESTORE_VERSION
}
