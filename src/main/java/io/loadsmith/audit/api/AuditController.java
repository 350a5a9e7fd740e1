package io.loadsmith.audit.api;

import io.loadsmith.audit.AuditEventResponse;
import io.loadsmith.audit.AuditEntry;
import java.time.Instant;
import java.util.List;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.loadsmith.audit.AuditFilter;
import io.loadsmith.audit.AuditLog;
import io.loadsmith.audit.ObjectKind;
import io.loadsmith.paging.ListPages;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import jakarta.servlet.http.HttpServletResponse;

/** The audit trail, read-only: events newest first, paged in the database, and one event in full. */
@RestController
@RequestMapping("/api/v1/audit")
record AuditController(AuditLog log) {

    @GetMapping
    @Operation(operationId = "listAuditEvents",
            summary = "Who changed what and when, newest first; X-Total-Count and Link headers page it")
    public List<AuditEntry> list(@RequestParam(required = false) ObjectKind objectKind,
                                 @Parameter(description = "Exact name, as objectName shows it (schema.name for entities)")
                                 @RequestParam(required = false) String objectName,
                                 @RequestParam(required = false) String actor,
                                 @Parameter(description = "Events at or after this instant, e.g. 2025-01-31T00:00:00Z")
                                 @RequestParam(required = false) Instant from,
                                 @Parameter(description = "Events before this instant")
                                 @RequestParam(required = false) Instant to,
                                 @RequestParam(defaultValue = "0") int page,
                                 @RequestParam(defaultValue = "" + ListPages.DEFAULT_SIZE) int size,
                                 HttpServletResponse response) {
        return ListPages.page(log.page(new AuditFilter(objectKind, objectName, actor, from, to), page, size), response);
    }

    @GetMapping("/{id}")
    @Operation(operationId = "getAuditEvent", summary = "One event with the object before and after the change")
    public AuditEventResponse get(@PathVariable long id) {
        return log.get(id);
    }
}
