package io.loadsmith.audit;

import java.util.function.Consumer;
import java.util.function.Function;

import org.springframework.data.jpa.repository.JpaRepository;

import io.loadsmith.problem.NotFoundException;
import io.loadsmith.problem.StaleVersionException;
import io.loadsmith.store.Named;
import io.loadsmith.store.StoredRow;

/**
 * The lookup, version check and audited writes that every stored definition's service does the same
 * way: a missing id is a 404 naming the kind, a stale version a 409 naming the row, and each write
 * is saved, flushed and recorded with the response record the API returns. Services keep their own
 * rules (validation, names, usage) and call these around them.
 */
public final class AuditedRows<T extends StoredRow, R extends Record & Audited> {

    private final String kind;
    private final ObjectKind objectKind;
    private final JpaRepository<T, Long> rows;
    private final Function<T, String> what;
    private final Function<T, R> response;
    private final AuditTrail audit;

    /**
     * Messages name the kind by its label ("Entity type"); {@code what} names one row in a stale-version
     * message ("Entity type 'HUB'").
     */
    public AuditedRows(ObjectKind objectKind, JpaRepository<T, Long> rows, Function<T, String> what,
                       Function<T, R> response, AuditTrail audit) {
        this.kind = objectKind.label();
        this.objectKind = objectKind;
        this.rows = rows;
        this.what = what;
        this.response = response;
        this.audit = audit;
    }

    /** For rows that people name: a stale version names the row as {@code Kind 'name'}. */
    public static <T extends StoredRow & Named, R extends Record & Audited> AuditedRows<T, R> named(
            ObjectKind objectKind, JpaRepository<T, Long> rows, Function<T, R> response, AuditTrail audit) {
        return new AuditedRows<>(objectKind, rows, t -> objectKind.label() + " '" + t.getName() + "'", response, audit);
    }

    public T find(long id) {
        return rows.findById(id).orElseThrow(() -> NotFoundException.id(kind, id));
    }

    public R get(long id) {
        return response.apply(find(id));
    }

    /** Saves a new row and records its creation. */
    public R create(T row) {
        return audit.created(objectKind, response.apply(rows.saveAndFlush(row)));
    }

    /**
     * Applies {@code change} (which checks the request and refuses it by throwing) to the row of
     * {@code id} if {@code version} is the stored one, saves it and records before and after.
     */
    public R update(long id, Long version, Consumer<T> change) {
        T row = find(id);
        StaleVersionException.check(what.apply(row), version, row.getVersion());
        R before = audit.before(() -> response.apply(row));
        change.accept(row);
        return audit.updated(objectKind, before, response.apply(rows.saveAndFlush(row)));
    }

    /** The designer's delete: recorded, then {@code hide} marks the row deleted and it is saved. */
    public void softDelete(T row, Consumer<T> hide) {
        audit.softDeleted(objectKind, () -> response.apply(row));
        hide.accept(row);
        rows.saveAndFlush(row);
    }

    /** Records the deletion and deletes at once, so that a row still referred to fails here. */
    public void delete(T row) {
        audit.deleted(objectKind, () -> response.apply(row));
        rows.delete(row);
        rows.flush();
    }
}
