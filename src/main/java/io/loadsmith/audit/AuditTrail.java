package io.loadsmith.audit;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;

import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionSynchronizationManager;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Records who changed what and when. The feature services call it once per write, inside their own
 * transaction, so an event commits with its change or not at all: a refused or rolled-back change
 * leaves nothing. Before and after are the immutable response records the API returns, written as
 * JSON with the application's mapper.
 */
@Service
public class AuditTrail {

    /** The actor of changes made without a signed-in user: command line, migrations, tests. */
    public static final String SYSTEM = "system";
    /** Fields every save changes; a summary that named them would say nothing. */
    private static final Set<String> BOOKKEEPING = Set.of("version", "updatedAt");
    /** Set while a caller records one event for many changes (see {@link #quietly}). */
    private static final ThreadLocal<Boolean> QUIET = ThreadLocal.withInitial(() -> false);

    private final AuditEventRepository events;
    private final JsonMapper json;
    private final Clock clock;

    public AuditTrail(AuditEventRepository events, JsonMapper json, Clock clock) {
        this.events = events;
        this.json = json;
        this.clock = clock;
    }

    /**
     * Runs {@code work} without per-object events: a package import goes through the feature services
     * object by object, and records one event for the whole instead. Costs nothing per object then:
     * no snapshot is built, nothing is serialized or written.
     */
    public <T> T quietly(Supplier<T> work) {
        boolean outer = QUIET.get();
        QUIET.set(true);
        try {
            return work.get();
        } finally {
            if (outer) {
                QUIET.set(true);
            } else {
                QUIET.remove();
            }
        }
    }

    /** The state before an update, or null (without building it) when nothing will be recorded. */
    public <T extends Record & Audited> T before(Supplier<T> state) {
        return QUIET.get() ? null : state.get();
    }

    /** Returns {@code after}, so that a service's {@code return} line can record it. */
    public <T extends Record & Audited> T created(ObjectKind kind, T after) {
        if (!QUIET.get()) {
            write(AuditAction.CREATE, kind, after, null, null, tree(after));
        }
        return after;
    }

    /** {@code before} comes from {@link #before}; returns {@code after}. */
    public <T extends Record & Audited> T updated(ObjectKind kind, T before, T after) {
        if (!QUIET.get() && before != null) {
            JsonNode was = tree(before);
            JsonNode is = tree(after);
            write(AuditAction.UPDATE, kind, after, changed(was, is), was, is);
        }
        return after;
    }

    public <T extends Record & Audited> void deleted(ObjectKind kind, Supplier<T> before) {
        gone(AuditAction.DELETE, kind, before);
    }

    public <T extends Record & Audited> void softDeleted(ObjectKind kind, Supplier<T> before) {
        gone(AuditAction.SOFT_DELETE, kind, before);
    }

    /** A soft-deleted object is back; {@code after} reads it as it is now. */
    public <T extends Record & Audited> void restored(ObjectKind kind, Supplier<T> after) {
        if (!QUIET.get()) {
            T state = after.get();
            write(AuditAction.RESTORE, kind, state, null, null, tree(state));
        }
    }

    /** One event for a change of many objects (import, commit, restore of a version); {@code after} says what it did. */
    public void record(AuditAction action, ObjectKind kind, Audited subject, String summary, Record after) {
        if (!QUIET.get()) {
            write(action, kind, subject, summary, null, tree(after));
        }
    }

    /** The signed-in user's name, or {@link #SYSTEM} when nobody is signed in. */
    public static String actor() {
        Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
        if (authentication == null || !authentication.isAuthenticated() || authentication.getName() == null
                || authentication.getName().isBlank()) {
            return SYSTEM;
        }
        return authentication instanceof AnonymousAuthenticationToken ? "anonymous" : authentication.getName();
    }

    private <T extends Record & Audited> void gone(AuditAction action, ObjectKind kind, Supplier<T> before) {
        if (!QUIET.get()) {
            T state = before.get();
            write(action, kind, state, null, tree(state), null);
        }
    }

    private void write(AuditAction action, ObjectKind kind, Audited subject, String summary, JsonNode before,
                       JsonNode after) {
        if (!TransactionSynchronizationManager.isActualTransactionActive()) {
            // Outside a transaction the event could commit without its change, or the change without it.
            throw new IllegalStateException("An audit event is written in the transaction of its change.");
        }
        events.save(new AuditEvent(clock.instant(), fit(actor(), 128), action, kind, subject.id(),
                fit(subject.auditName(), 300), fit(subject.packageName(), 128), fit(summary, 2000), text(before),
                text(after), fit(subject.restrictedTo(), 128)));
    }

    private JsonNode tree(Record state) {
        return state == null ? null : json.valueToTree(state);
    }

    private String text(JsonNode state) {
        if (state == null) {
            return null;
        }
        String text = json.writeValueAsString(state);
        if (text.length() <= AuditEvent.MAX_JSON) {
            return text;
        }
        // Rather than refuse the change: the object itself may be that large, its audit copy may not.
        return json.writeValueAsString(json.createObjectNode().put("omitted",
                "The object is " + text.length() + " characters as JSON; the audit trail keeps at most " + AuditEvent.MAX_JSON + "."));
    }

    /** "Changed description, steps": the top-level fields that differ, bookkeeping left out. */
    static String changed(JsonNode before, JsonNode after) {
        List<String> fields = new ArrayList<>();
        after.properties().forEach(field -> {
            if (!BOOKKEEPING.contains(field.getKey()) && !Objects.equals(before.get(field.getKey()), field.getValue())) {
                fields.add(field.getKey());
            }
        });
        return fields.isEmpty() ? "Saved without changes" : "Changed " + String.join(", ", fields);
    }

    private static String fit(String text, int max) {
        return text == null || text.length() <= max ? text : text.substring(0, max - 1) + "…";
    }
}
