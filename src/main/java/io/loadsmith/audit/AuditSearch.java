package io.loadsmith.audit;

import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;

import io.loadsmith.audit.api.AuditEntry;

/** The audit list, as a repository fragment (see {@link AuditSearchImpl}). */
public interface AuditSearch {

    /** Events that pass the filter, newest first, one page of them. */
    Page<AuditEntry> browse(AuditFilter filter, Pageable page);
}
