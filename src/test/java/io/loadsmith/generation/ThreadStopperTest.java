package io.loadsmith.generation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

/**
 * A render stuck inside Java code is stopped on every Java: by {@code Thread.stop} before Java 20,
 * by JVM TI's {@code StopThread} (the native library) from 20 on. The suite runs on JDK 17, so the
 * JVM TI way is asked for here explicitly; it works the same on 17 as on 25.
 */
class ThreadStopperTest {

    /** Backtracks for ever and allocates next to nothing: only a stop ends it. */
    private static final RenderGuard.Work<Boolean> BACKTRACKING =
            () -> Pattern.compile("(x+x+)+y").matcher("x".repeat(100_000)).matches();

    @Test
    void onThisJvmTheGuardHoldsInFullAndSaysNothing() {
        assertThat(RenderGuard.limitation()).as("this JVM (Java %s) can stop a runaway render",
                Runtime.version().feature()).isEmpty();
        assertThat(ThreadStopper.forJava(17).unavailable()).isEmpty();
    }

    @Test
    void jvmTisStopEndsARegularExpressionThatBacktracksAndTheThreadGoesOn() throws Exception {
        assumeLibraryBuilt();
        ThreadStopper jvmti = ThreadStopper.forJava(25);
        assertThat(jvmti.unavailable()).isEmpty();
        RenderGuard guard = new RenderGuard(new RenderGuard.Limits(Duration.ofSeconds(1), 512L * 1024 * 1024), jvmti);

        ExecutorService renderer = renderer("stopped-render");
        try {
            for (int round = 0; round < 3; round++) {
                long started = System.nanoTime();
                Future<Object> outcome = renderer.submit(() -> {
                    try {
                        return guard.run(BACKTRACKING);
                    } catch (RenderGuard.Stopped e) {
                        return e;
                    }
                });
                assertThat(outcome.get(10, TimeUnit.SECONDS)).isInstanceOfSatisfying(RenderGuard.Stopped.class,
                        e -> assertThat(e).hasMessageContaining("ran longer than 1 seconds"));
                long tookMillis = (System.nanoTime() - started) / 1_000_000;
                // The limit, the half second the guard waits after its interrupt, and the watchdog's look.
                assertThat(tookMillis).as("stopped after the limit and the grace").isBetween(1_000L, 2_500L);
                assertThat(renderer.submit(() -> Thread.interrupted()).get()).as("the thread is handed back clean")
                        .isFalse();
                assertThat(renderer.submit(() -> guard.run(() -> "the next render")).get(10, TimeUnit.SECONDS))
                        .isEqualTo("the next render");
            }
        } finally {
            renderer.shutdownNow();
        }
    }

    /** A stop that never arrives is sent again, and the render ends. */
    @Test
    void aStopThatIsLostIsSentAgain() throws Exception {
        assumeLibraryBuilt();
        assertThat(ThreadStopper.forJava(25).unavailable()).isEmpty();
        java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();
        ThreadStopper losesTheFirst = new ThreadStopper(true, null) {
            @Override
            boolean stop(Thread thread) {
                // Says it stopped, and did not: as an async exception lost in the JVM.
                return calls.incrementAndGet() == 1 || super.stop(thread);
            }
        };
        RenderGuard guard = new RenderGuard(new RenderGuard.Limits(Duration.ofSeconds(1), 512L * 1024 * 1024), losesTheFirst);
        ExecutorService renderer = renderer("stopped-twice");
        try {
            Future<Object> outcome = renderer.submit(() -> {
                try {
                    return guard.run(BACKTRACKING);
                } catch (RenderGuard.Stopped e) {
                    return e;
                }
            });
            assertThat(outcome.get(15, TimeUnit.SECONDS)).isInstanceOf(RenderGuard.Stopped.class);
            assertThat(calls.get()).isEqualTo(2);
            assertThat(renderer.submit(() -> guard.run(() -> "the next render")).get(10, TimeUnit.SECONDS))
                    .isEqualTo("the next render");
        } finally {
            renderer.shutdownNow();
        }
    }

    @Test
    void aThreadThatHasEndedIsNotStopped() throws Exception {
        assumeLibraryBuilt();
        Thread ended = new Thread(() -> { });
        ended.start();
        ended.join();
        assertThat(ThreadStopper.forJava(25).stop(ended)).isFalse();
    }

    /** A daemon thread of its own, so that a stop that fails fails the test (on a timeout) instead of hanging it. */
    private static ExecutorService renderer(String name) {
        return Executors.newSingleThreadExecutor(r -> {
            Thread thread = new Thread(r, name);
            thread.setDaemon(true);
            return thread;
        });
    }

    /** The library is built on Linux where gcc is; elsewhere these tests have nothing to try. */
    private static void assumeLibraryBuilt() {
        assumeTrue(NativeThreadStop.class.getResource(NativeThreadStop.LIBRARY) != null,
                "this build has no " + NativeThreadStop.LIBRARY + " (it is built on Linux where gcc is)");
    }
}
