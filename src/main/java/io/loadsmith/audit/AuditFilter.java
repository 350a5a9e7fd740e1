package io.loadsmith.audit;

import java.time.Instant;

/**
 * Which events to list; every part is optional. Names and actors match exactly (so that the
 * history of publish.D_VESSEL is not mixed with publish.D_VESSEL_SCD2); {@code from} is inclusive,
 * {@code to} exclusive.
 */
public record AuditFilter(ObjectKind objectKind, String objectName, String actor, Instant from, Instant to) {

    public static final AuditFilter ALL = new AuditFilter(null, null, null, null, null);

    public AuditFilter {
        objectName = blankToNull(objectName);
        actor = blankToNull(actor);
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }
}
