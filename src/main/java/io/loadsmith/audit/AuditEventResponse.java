package io.loadsmith.audit;

import java.time.Instant;

import io.loadsmith.audit.AuditAction;
import io.loadsmith.audit.ObjectKind;
import io.swagger.v3.oas.annotations.media.Schema;
import tools.jackson.databind.JsonNode;

/** One event with the object before and after the change, as the object's own API answered then. */
public record AuditEventResponse(
        long id,
        Instant occurredAt,
        String actor,
        AuditAction action,
        ObjectKind objectKind,
        Long objectId,
        String objectName,
        String packageName,
        String summary,
        @Schema(implementation = Object.class, types = {"object", "null"}, description = "The object before the change; absent for CREATE and RESTORE")
        JsonNode before,
        @Schema(implementation = Object.class, types = {"object", "null"}, description = "The object after the change; absent for DELETE and SOFT_DELETE")
        JsonNode after) {
}
