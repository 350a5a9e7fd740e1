package io.loadsmith.audit;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.support.PageableExecutionUtils;

import io.loadsmith.audit.AuditEntry;
import jakarta.persistence.EntityManager;
import jakarta.persistence.criteria.CriteriaBuilder;
import jakarta.persistence.criteria.CriteriaQuery;
import jakarta.persistence.criteria.Predicate;
import jakarta.persistence.criteria.Root;

/**
 * The audit list as a Criteria query: only the filters given become predicates (so each query can
 * use its index, and no database has to guess the type of a null parameter), and only the header
 * columns are read: the before and after JSON stay on disk until one event is opened.
 */
class AuditSearchImpl implements AuditSearch {

    private final EntityManager entityManager;

    AuditSearchImpl(EntityManager entityManager) {
        this.entityManager = entityManager;
    }

    @Override
    public Page<AuditEntry> browse(AuditFilter filter, String reader, Pageable page) {
        CriteriaBuilder cb = entityManager.getCriteriaBuilder();
        CriteriaQuery<AuditEntry> query = cb.createQuery(AuditEntry.class);
        Root<AuditEvent> e = query.from(AuditEvent.class);
        query.select(cb.construct(AuditEntry.class, e.get("id"), e.get("occurredAt"), e.get("actor"), e.get("action"),
                        e.get("objectKind"), e.get("objectId"), e.get("objectName"), e.get("packageName"), e.get("summary")))
                .where(where(filter, reader, cb, e))
                .orderBy(cb.desc(e.get("occurredAt")), cb.desc(e.get("id")));
        List<AuditEntry> content = entityManager.createQuery(query)
                .setFirstResult((int) Math.min(page.getOffset(), Integer.MAX_VALUE))
                .setMaxResults(page.getPageSize())
                .getResultList();
        return PageableExecutionUtils.getPage(content, page, () -> count(filter, reader));
    }

    private long count(AuditFilter filter, String reader) {
        CriteriaBuilder cb = entityManager.getCriteriaBuilder();
        CriteriaQuery<Long> query = cb.createQuery(Long.class);
        Root<AuditEvent> e = query.from(AuditEvent.class);
        return entityManager.createQuery(query.select(cb.count(e)).where(where(filter, reader, cb, e))).getSingleResult();
    }

    private static Predicate[] where(AuditFilter filter, String reader, CriteriaBuilder cb, Root<AuditEvent> e) {
        List<Predicate> predicates = new ArrayList<>();
        if (reader != null) {
            // Part of every list and count, so a filter can never reach or count an event its reader may not see.
            predicates.add(cb.or(cb.isNull(e.get("restrictedTo")), cb.equal(e.get("restrictedTo"), reader)));
        }
        if (filter.objectKind() != null) {
            predicates.add(cb.equal(e.get("objectKind"), filter.objectKind()));
        }
        if (filter.objectName() != null) {
            predicates.add(cb.equal(e.get("objectName"), filter.objectName()));
        }
        if (filter.actor() != null) {
            predicates.add(cb.equal(e.get("actor"), filter.actor()));
        }
        if (filter.from() != null) {
            predicates.add(cb.greaterThanOrEqualTo(e.<Instant>get("occurredAt"), filter.from()));
        }
        if (filter.to() != null) {
            predicates.add(cb.lessThan(e.<Instant>get("occurredAt"), filter.to()));
        }
        return predicates.toArray(Predicate[]::new);
    }
}
