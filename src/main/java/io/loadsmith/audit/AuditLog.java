package io.loadsmith.audit;

import org.springframework.data.domain.Page;
import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.loadsmith.audit.AuditEntry;
import io.loadsmith.audit.AuditEventResponse;
import io.loadsmith.identity.Role;
import io.loadsmith.paging.ListPages;
import io.loadsmith.problem.NotFoundException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads the audit trail: pages of events, newest first, and one event with its before and after.
 * Each read shows only what the signed-in reader may see: events restricted to one account (API
 * tokens) are visible to that account and to ADMINs, and to nobody else, in lists, counts and by id.
 */
@Service
@Transactional(readOnly = true)
public class AuditLog {

    private final AuditEventRepository events;
    private final JsonMapper json;

    public AuditLog(AuditEventRepository events, JsonMapper json) {
        this.events = events;
        this.json = json;
    }

    /** {@code page} from 0, {@code size} 1..{@value ListPages#MAX_SIZE}, checked as for every list. */
    public Page<AuditEntry> page(AuditFilter filter, int page, int size) {
        return events.browse(filter, reader(), ListPages.request(page, size));
    }

    /** An event the reader may not see reads as one that does not exist. */
    public AuditEventResponse get(long id) {
        String reader = reader();
        AuditEvent e = events.findById(id)
                .filter(event -> reader == null || event.getRestrictedTo() == null || event.getRestrictedTo().equals(reader))
                .orElseThrow(() -> NotFoundException.id("Audit event", id));
        return new AuditEventResponse(e.getId(), e.getOccurredAt(), e.getActor(), e.getAction(), e.getObjectKind(),
                e.getObjectId(), e.getObjectName(), e.getPackageName(), e.getSummary(), tree(e.getBeforeJson()),
                tree(e.getAfterJson()));
    }

    /** Matches no account name (they start with a letter or digit): a reader who is nobody sees only open events. */
    private static final String NOBODY = " ";

    /** The signed-in reader's name; null for an ADMIN, who sees every event. */
    private static String reader() {
        Authentication who = SecurityContextHolder.getContext().getAuthentication();
        if (who == null || !who.isAuthenticated() || who instanceof AnonymousAuthenticationToken) {
            return NOBODY;
        }
        boolean admin = who.getAuthorities().stream().anyMatch(a -> Role.ADMIN.authority().equals(a.getAuthority()));
        return admin ? null : who.getName();
    }

    private JsonNode tree(String text) {
        return text == null ? null : json.readTree(text);
    }
}
