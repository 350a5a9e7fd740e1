package io.loadsmith.generation.render;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Values read from a source that can change, dropped by {@link #clear()}: a value read before a
 * clear is used by the read that asked for it and never kept after it, so an old value cannot
 * outlive the change that cleared it. Shared by generation.StoreCache and the engine's parsed templates.
 */
public final class ClearableValues<K, V> {

    private final Map<K, V> values = new ConcurrentHashMap<>();
    private final AtomicLong clears = new AtomicLong();

    public V get(K key) {
        return values.get(key);
    }

    /** Taken before the value is read from its source. */
    public long stamp() {
        return clears.get();
    }

    /** Keeps a value read since {@code stamp} unless a clear came meanwhile; returns the value to use. */
    public V keep(K key, V value, long stamp) {
        if (value == null || clears.get() != stamp) {
            return value;
        }
        V raced = values.putIfAbsent(key, value);
        if (raced != null) {
            return raced;
        }
        // A clear between the check and the put would leave the old value behind: take it back.
        if (clears.get() != stamp) {
            values.remove(key, value);
        }
        return value;
    }

    public int size() {
        return values.size();
    }

    public void clear() {
        clears.incrementAndGet();
        values.clear();
    }
}
