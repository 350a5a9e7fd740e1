package io.loadsmith.audit;

import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;

import io.loadsmith.audit.AuditEntry;

/** The audit list, as a repository fragment (see {@link AuditSearchImpl}). */
public interface AuditSearch {

    /**
     * Events that pass the filter and that {@code reader} may see, newest first, one page of them;
     * {@code reader} null: every event (an ADMIN).
     */
    Page<AuditEntry> browse(AuditFilter filter, String reader, Pageable page);
}
