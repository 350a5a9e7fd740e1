package io.loadsmith.generation;

import java.util.function.Function;

import io.loadsmith.generation.render.ClearableValues;

/**
 * What generation reads from the store (templates, formulas, datatype mappings), kept in memory
 * until {@link StoreChanges} announces a commit that changed them, here or on another instance
 * sharing the store. A value read from the store while an invalidation happened is not kept, so an
 * old value can never outlive the change ({@link ClearableValues}).
 */
public final class StoreCache<K, V> {

    private final ClearableValues<K, V> values = new ClearableValues<>();
    private final StoreChanges changes;
    private final int limit;

    public StoreCache(StoreChanges changes) {
        this(changes, Integer.MAX_VALUE);
    }

    /** At most {@code limit} values: a full cache starts again empty (keys that come and go, such as a form being typed). */
    public StoreCache(StoreChanges changes, int limit) {
        this.changes = changes;
        this.limit = limit;
        changes.onChange(values::clear);
    }

    public V get(K key, Function<K, V> load) {
        changes.refresh();
        V cached = values.get(key);
        if (cached != null) {
            return cached;
        }
        if (values.size() >= limit) {
            values.clear();
        }
        long stamp = values.stamp();
        return values.keep(key, load.apply(key), stamp);
    }
}
