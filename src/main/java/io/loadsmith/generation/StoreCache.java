package io.loadsmith.generation;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * What generation reads from the store (templates, formulas, datatype mappings), kept in memory
 * until {@link StoreChanges} announces a commit that changed them, here or on another instance
 * sharing the store. A value read from the store while an invalidation happened is not kept, so an
 * old value can never outlive the change.
 */
public final class StoreCache<K, V> {

    private final Map<K, V> values = new ConcurrentHashMap<>();
    private final AtomicLong generation = new AtomicLong();
    private final StoreChanges changes;

    public StoreCache(StoreChanges changes) {
        this.changes = changes;
        changes.onChange(this::clear);
    }

    public V get(K key, Function<K, V> load) {
        changes.refresh();
        V cached = values.get(key);
        if (cached != null) {
            return cached;
        }
        long before = generation.get();
        V loaded = load.apply(key);
        if (loaded != null && generation.get() == before) {
            values.putIfAbsent(key, loaded);
            // A clear between the check and the put would leave the old value behind: take it back.
            if (generation.get() != before) {
                values.remove(key, loaded);
            }
        }
        return loaded;
    }

    void clear() {
        generation.incrementAndGet();
        values.clear();
    }
}
