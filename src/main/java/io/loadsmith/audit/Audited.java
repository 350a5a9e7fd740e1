package io.loadsmith.audit;

/**
 * What the audit trail needs to file a change under: implemented by the immutable response records
 * that are written as the object's before and after (never by JPA entities). The methods have no
 * "get" prefix, so they add nothing to the records' JSON.
 */
public interface Audited {

    long id();

    /** The name people look the object up by: a qualified name, a code, a name. */
    String auditName();

    /** The package the object belongs to, where it has one. */
    default String packageName() {
        return null;
    }

    /**
     * The account whose eyes only (and ADMINs') the object's events are for, e.g. an API token's
     * owner; null when everyone who may read the audit trail may read them.
     */
    default String restrictedTo() {
        return null;
    }
}
