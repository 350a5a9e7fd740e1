package io.loadsmith.generation;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Announces that something generation reads from the store (a template, a formula, a datatype
 * mapping) changed and was committed. The FreeMarker template cache and the {@link StoreCache}s
 * listen and forget what they held.
 * <p>
 * A commit on this instance announces itself ({@link #changed()}). A commit on another instance
 * sharing the store is seen through the store's revision, which every such commit increments: a
 * reader that reads it with its data reports it ({@link #observed}), and the caches ask for it
 * ({@link #refresh()}) when the last look is older than the check interval. Either way a revision
 * other than the last one seen drops every cache.
 */
public class StoreChanges {

    private static final long UNSEEN = Long.MIN_VALUE;

    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();
    private final AtomicLong seen = new AtomicLong(UNSEEN);
    private final AtomicLong nextLook = new AtomicLong(System.nanoTime());
    private volatile LongSupplier revision;
    private volatile long intervalNanos;

    public void onChange(Runnable listener) {
        listeners.add(listener);
    }

    public void changed() {
        listeners.forEach(Runnable::run);
    }

    /**
     * A commit on this instance that moved the store's revision to {@code storeRevision}: the caches
     * drop what they hold, and the revision counts as seen, so the next look at the store does not
     * drop them again for this instance's own change (never backwards: a later one already seen stays).
     */
    public void changed(long storeRevision) {
        seen.accumulateAndGet(storeRevision, Math::max);
        changed();
    }

    /** Where the store's revision is read when no reader has reported it for {@code interval}. */
    public void revisionFrom(LongSupplier revision, Duration interval) {
        this.intervalNanos = interval.toNanos();
        this.revision = revision;
    }

    /** The store's revision as a reader just read it, in the statement that read its data. */
    public void observed(long storeRevision) {
        nextLook.set(System.nanoTime() + intervalNanos);
        // The first revision seen drops the caches too: they may hold what was read before it.
        if (seen.getAndSet(storeRevision) != storeRevision) {
            changed();
        }
    }

    /** Before a cached value is used: one thread reads the store's revision once the interval is over. */
    void refresh() {
        LongSupplier source = revision;
        long due = nextLook.get();
        if (source == null || System.nanoTime() - due < 0
                || !nextLook.compareAndSet(due, System.nanoTime() + intervalNanos)) {
            return;
        }
        long storeRevision;
        try {
            storeRevision = source.getAsLong();
        } catch (RuntimeException unreachable) {
            // The store cannot be read: the generation's own reads say so; the caches stay until it can.
            return;
        }
        observed(storeRevision);
    }
}
