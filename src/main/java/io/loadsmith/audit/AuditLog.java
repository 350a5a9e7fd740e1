package io.loadsmith.audit;

import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.loadsmith.audit.api.AuditEntry;
import io.loadsmith.audit.api.AuditEventResponse;
import io.loadsmith.paging.ListPages;
import io.loadsmith.problem.NotFoundException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Reads the audit trail: pages of events, newest first, and one event with its before and after. */
@Service
@Transactional(readOnly = true)
public class AuditLog {

    private final AuditEventRepository events;
    private final JsonMapper json;

    public AuditLog(AuditEventRepository events, JsonMapper json) {
        this.events = events;
        this.json = json;
    }

    /** {@code page} from 0; {@code size} is held to 1..{@value ListPages#MAX_SIZE}, as for every list. */
    public Page<AuditEntry> page(AuditFilter filter, int page, int size) {
        return events.browse(filter, PageRequest.of(Math.max(page, 0), Math.min(Math.max(size, 1), ListPages.MAX_SIZE)));
    }

    public AuditEventResponse get(long id) {
        AuditEvent e = events.findById(id).orElseThrow(() -> NotFoundException.id("Audit event", id));
        return new AuditEventResponse(e.getId(), e.getOccurredAt(), e.getActor(), e.getAction(), e.getObjectKind(),
                e.getObjectId(), e.getObjectName(), e.getPackageName(), e.getSummary(), tree(e.getBeforeJson()),
                tree(e.getAfterJson()));
    }

    private JsonNode tree(String text) {
        return text == null ? null : json.readTree(text);
    }
}
