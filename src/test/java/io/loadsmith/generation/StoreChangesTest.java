package io.loadsmith.generation;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

class StoreChangesTest {

    private final StoreChanges changes = new StoreChanges();
    private final AtomicLong storeRevision = new AtomicLong(7);
    private final AtomicInteger reads = new AtomicInteger();
    private final AtomicInteger loads = new AtomicInteger();
    private final StoreCache<String, String> cache = new StoreCache<>(changes);

    private String get() {
        return cache.get("k", k -> "value " + loads.incrementAndGet());
    }

    @Test
    void anotherRevisionThanTheLastSeenDropsTheCachesAndTheSameOneDoesNot() {
        changes.observed(7);
        assertThat(get()).isEqualTo("value 1");
        changes.observed(7);
        assertThat(get()).isEqualTo("value 1");
        changes.observed(8);
        assertThat(get()).as("another instance committed a change").isEqualTo("value 2");
    }

    @Test
    void theStoreIsAskedAtMostOncePerIntervalAndAReaderThatReportedTheRevisionCountsAsALook() throws Exception {
        changes.revisionFrom(() -> {
            reads.incrementAndGet();
            return storeRevision.get();
        }, Duration.ofSeconds(1));
        Thread.sleep(1);
        assertThat(get()).isEqualTo("value 1");
        assertThat(reads).hasValue(1);
        storeRevision.set(8);
        assertThat(get()).as("within the interval: not asked").isEqualTo("value 1");
        assertThat(reads).hasValue(1);
        Thread.sleep(1100);
        assertThat(get()).as("after it: asked, and the revision moved").isEqualTo("value 2");
        assertThat(reads).hasValue(2);

        Thread.sleep(1100);
        changes.observed(8);
        assertThat(get()).isEqualTo("value 2");
        assertThat(reads).as("a reader's report restarts the interval").hasValue(2);
    }

    @Test
    void aStoreThatCannotBeReadLeavesTheCachesAsTheyAre() throws Exception {
        changes.revisionFrom(() -> {
            throw new IllegalStateException("connection refused");
        }, Duration.ZERO);
        changes.observed(7);
        assertThat(get()).isEqualTo("value 1");
        Thread.sleep(1);
        assertThat(get()).isEqualTo("value 1");
    }
}
