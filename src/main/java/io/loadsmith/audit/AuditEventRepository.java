package io.loadsmith.audit;

import org.springframework.data.jpa.repository.JpaRepository;

/** Writes events and reads one; lists go through {@link AuditSearch}, which pages in the database. */
public interface AuditEventRepository extends JpaRepository<AuditEvent, Long>, AuditSearch {
}
