package io.loadsmith.audit;

import java.time.Instant;

import io.loadsmith.audit.AuditAction;
import io.loadsmith.audit.ObjectKind;
import io.swagger.v3.oas.annotations.media.Schema;

/** An event as lists show it: who, when, what; without the object's before and after. */
public record AuditEntry(
        long id,
        Instant occurredAt,
        @Schema(description = "The signed-in user's name, or \"system\" for changes made without one")
        String actor,
        AuditAction action,
        ObjectKind objectKind,
        @Schema(description = "The object's id; a package's for IMPORT, COMMIT and RESTORE_VERSION")
        Long objectId,
        @Schema(description = "Qualified name for entities, code for default attributes, dialect:DATATYPE for mappings, else the name")
        String objectName,
        String packageName,
        @Schema(description = "For updates the fields that changed; for package events the counts or version")
        String summary) {
}
