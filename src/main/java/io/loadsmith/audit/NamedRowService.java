package io.loadsmith.audit;

import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

import org.springframework.transaction.annotation.Transactional;

import io.loadsmith.store.Named;
import io.loadsmith.store.NamedRowRepository;
import io.loadsmith.store.StoredRow;

/**
 * What the service of every named definition (entity types, templates, presets, loads, ...) does
 * alike: list by name, get by id, and create or update under a name no other row of the kind has in
 * any case. Subclasses add their own rules around {@link #createNamed} and {@link #updateNamed}.
 */
public abstract class NamedRowService<T extends StoredRow & Named, R extends Record & Audited> {

    private final String kind;
    private final NamedRowRepository<T> named;
    private final Function<T, R> response;
    protected final AuditedRows<T, R> rows;

    protected NamedRowService(ObjectKind objectKind, NamedRowRepository<T> named, Function<T, R> response,
                              AuditTrail audit) {
        this.kind = objectKind.label();
        this.named = named;
        this.response = response;
        this.rows = AuditedRows.named(objectKind, named, response, audit);
    }

    /** The kind as messages name it ("Entity type"). */
    protected final String kind() {
        return kind;
    }

    /** All, by name; or the one of exactly {@code name}, if any. */
    @Transactional(readOnly = true)
    public List<R> list(String name) {
        return named.listed(name).stream().map(response).toList();
    }

    @Transactional(readOnly = true)
    public R get(long id) {
        return rows.get(id);
    }

    /** Saves {@code row} once {@code apply} has filled it in, if no other row has {@code name}. */
    protected R createNamed(String name, T row, Consumer<T> apply) {
        named.requireFree(kind, name, null);
        apply.accept(row);
        return rows.create(row);
    }

    /** {@link AuditedRows#update}, refused also when another row has {@code name}. */
    protected R updateNamed(long id, Long version, String name, Consumer<T> apply) {
        return rows.update(id, version, row -> {
            named.requireFree(kind, name, row.getId());
            apply.accept(row);
        });
    }
}
