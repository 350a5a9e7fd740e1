package io.loadsmith.generation;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.management.ThreadMXBean;

/**
 * A deadline and an allocation budget that every FreeMarker parse and render obeys, whatever the
 * template does. The work runs on the caller's thread (no hand-off on the hot path); a watchdog
 * looks at every guarded thread a few dozen times a second and, past a limit, first interrupts it
 * (FreeMarker's interruption checks stop loops at the next element) and, if it is still inside
 * the guard half a second later (a regular expression or a built-in that loops inside Java),
 * stops it with a {@link ThreadDeath} ({@link ThreadStopper}: {@code Thread.stop} up to Java 19,
 * JVM TI from Java 20). The {@link ThreadDeath} is caught here, never outside: a thread that leaves
 * the guard while a stop is on its way waits for it inside.
 * <p>
 * Deep recursion ({@link StackOverflowError}) and a single allocation the heap cannot hold
 * ({@link OutOfMemoryError}) end the render too; growth by many allocations (a string doubled in
 * a loop, a huge join) is caught by the budget long before the heap fills.
 */
public final class RenderGuard {

    /** What a render may use: wall time, and bytes allocated by its thread. */
    public record Limits(Duration time, long allocatedBytes) {
        public static final Limits DEFAULT = new Limits(Duration.ofSeconds(10), 512L * 1024 * 1024);
    }

    /** A render stopped by the guard; the message is for the user. */
    public static final class Stopped extends RuntimeException {
        Stopped(String message) {
            super(message, null, false, false);
        }
    }

    /** The work a guard runs; may throw what a FreeMarker call throws. */
    @FunctionalInterface
    public interface Work<T> {
        T run() throws Exception;
    }

    /** The JDK's logger: the generator also runs where no logging library is (spark-it, the command line). */
    private static final System.Logger LOG = System.getLogger(RenderGuard.class.getName());
    private static final long POLL_MILLIS = 20;
    private static final long GRACE_NANOS = 500_000_000L;
    private static final long RESTOP_NANOS = 2_000_000_000L;
    /** Static, so that renders nested across engines (a draft inside a preview) count once. */
    private static final ThreadLocal<Registration> CURRENT = new ThreadLocal<>();
    private static final RenderGuard SHARED = new RenderGuard(Limits.DEFAULT);

    private static final int RUNNING = 0;
    private static final int DONE = 1;
    private static final int STOPPING = 2;

    private final Limits limits;
    private final ThreadStopper stopper;
    private final Map<Thread, Registration> active = new ConcurrentHashMap<>();
    private final ThreadMXBean threads =
            (ThreadMXBean) ManagementFactory.getThreadMXBean();
    private volatile ScheduledExecutorService watchdog;

    public RenderGuard(Limits limits) {
        this(limits, null);
    }

    /**
     * A guard that stops threads the given way (its tests: JVM TI's way on the JDK 17 the suite runs
     * on); null: this JVM's way, found at the first stop or {@link #limitation()}.
     */
    RenderGuard(Limits limits, ThreadStopper stopper) {
        this.limits = limits;
        this.stopper = stopper;
    }

    /**
     * What the guard cannot do on this JVM, for the operator to read at start: where it cannot stop
     * a thread, a render stuck inside Java code (a regular expression that backtracks) outlives its
     * limit. Empty where the guard holds in full.
     */
    public static Optional<String> limitation() {
        return Stopping.ON_THIS_JVM.unavailable().map(why -> "This JVM cannot stop a thread (" + why + "): "
                + "a render stuck inside Java code (a regular expression that backtracks) runs past "
                + "loadsmith.render.time-limit and holds a core until it ends. Loops and recursion are still stopped. "
                + "Where not every template author is trusted, run on Java 19 or earlier, or a jar built with gcc "
                + "(its native library stops threads from Java 20 on; docs/operations.md, \"Start-up of the server\").");
    }

    /** The guard of the application's engines unless one is configured. */
    public static RenderGuard shared() {
        return SHARED;
    }

    public Limits limits() {
        return limits;
    }

    /**
     * Runs the work under the limits. Nested calls (a formula rendered inside a template) share the
     * outermost call's deadline and budget.
     */
    public <T> T run(Work<T> work) throws Exception {
        if (CURRENT.get() != null) {
            return work.run();
        }
        Thread thread = Thread.currentThread();
        Registration registration = new Registration(thread, System.nanoTime() + limits.time().toNanos(),
                allocated(thread));
        CURRENT.set(registration);
        active.put(thread, registration);
        ensureWatchdog();
        try {
            return work.run();
        } catch (StackOverflowError e) {
            throw new Stopped("The template calls itself, or nests expressions or directives, too deeply "
                    + "(a recursive macro or function?); rendering was stopped.");
        } catch (OutOfMemoryError e) {
            throw new Stopped("The template asked for more memory than a render may use; rendering was stopped.");
        } catch (ThreadDeath e) {
            registration.stopReceived = true;
            throw registration.stopped();
        } catch (Exception e) {
            if (registration.reason != null) {
                throw registration.stopped();
            }
            throw e;
        } finally {
            leave(registration);
        }
    }

    /**
     * Work inside a render that must not be interrupted or stopped (a read of the metadata store):
     * the watchdog waits until it is over, then the limit is enforced here.
     */
    public <T> T uninterruptible(Work<T> work) throws Exception {
        Registration registration = CURRENT.get();
        if (registration == null) {
            return work.run();
        }
        registration.critical.incrementAndGet();
        try {
            return work.run();
        } finally {
            registration.critical.decrementAndGet();
        }
    }

    /**
     * Parsing inside a guard: its allocation does not count against the budget (parsing is bounded by
     * the text's own size limit, and FreeMarker's parser allocates far more than the text for long
     * texts); its time does.
     */
    public <T> T unmetered(Work<T> work) throws Exception {
        Registration registration = CURRENT.get();
        if (registration == null) {
            return work.run();
        }
        long before = allocated(registration.thread);
        registration.unmetered.incrementAndGet();
        try {
            return work.run();
        } finally {
            registration.exemptBytes += allocated(registration.thread) - before;
            registration.unmetered.decrementAndGet();
        }
    }

    private void leave(Registration registration) {
        try {
            active.remove(registration.thread);
            CURRENT.remove();
            if (!registration.state.compareAndSet(RUNNING, DONE)) {
                // The watchdog has decided to stop this thread: take the ThreadDeath here, not in the caller.
                awaitStop(registration);
            }
        } catch (ThreadDeath expected) {
            registration.stopReceived = true;
        }
        Thread.interrupted();
        if (registration.reason != null) {
            throw registration.stopped();
        }
    }

    private static void awaitStop(Registration registration) {
        long until = System.nanoTime() + 2_000_000_000L;
        while (!registration.stopReceived && !registration.stopFailed && System.nanoTime() < until) {
            try {
                Thread.sleep(1);
            } catch (InterruptedException again) {
                // Keep waiting: the stop is on its way.
            }
        }
    }

    private long allocated(Thread thread) {
        return threads.isThreadAllocatedMemorySupported() ? threads.getThreadAllocatedBytes(thread.getId()) : 0;
    }

    private void ensureWatchdog() {
        if (watchdog == null) {
            synchronized (this) {
                if (watchdog == null) {
                    ScheduledExecutorService service = Executors.newSingleThreadScheduledExecutor(r -> {
                        Thread t = new Thread(r, "loadsmith-render-watchdog");
                        t.setDaemon(true);
                        return t;
                    });
                    service.scheduleWithFixedDelay(this::inspect, POLL_MILLIS, POLL_MILLIS, TimeUnit.MILLISECONDS);
                    watchdog = service;
                }
            }
        }
    }

    private void inspect() {
        try {
            long now = System.nanoTime();
            for (Registration r : active.values()) {
                if (r.critical.get() > 0) {
                    continue;
                }
                if (r.reason == null) {
                    r.reason = limitReached(r, now);
                    if (r.reason != null) {
                        r.interruptedAt = now;
                        r.thread.interrupt();
                    }
                } else if (now - r.interruptedAt > GRACE_NANOS && !initializingAClass(r.thread)
                        && r.state.compareAndSet(RUNNING, STOPPING)) {
                    r.stoppedAt = now;
                    stop(r);
                } else if (r.state.get() == STOPPING && !r.stopReceived && !r.stopFailed
                        && now - r.stoppedAt > RESTOP_NANOS && !initializingAClass(r.thread)) {
                    // A delivered ThreadDeath is caught within microseconds; seconds of silence mean it was
                    // lost (seen once, under a load of 20 on 2 cores: a render went on for minutes). Again.
                    r.stoppedAt = now;
                    stop(r);
                }
            }
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "Render watchdog: " + e);
        }
    }

    private String limitReached(Registration r, long now) {
        if (now > r.deadline) {
            return "The template ran longer than " + limits.time().toSeconds()
                    + " seconds (a loop that does not end?); rendering was stopped.";
        }
        if (r.unmetered.get() == 0
                && allocated(r.thread) - r.allocatedAtStart - r.exemptBytes > limits.allocatedBytes()) {
            // The budget counts every allocation, garbage included: a long loop that keeps nothing reaches it too.
            return "The template used more than " + limits.allocatedBytes() / (1024 * 1024)
                    + " MB of memory while it ran (a string or list that grows in a loop, or a loop that runs very long?);"
                    + " rendering was stopped.";
        }
        return null;
    }

    /**
     * A class whose static initializer is stopped can never be used again in this JVM; a thread that
     * is loading or initialising a class is left to finish and stopped at a later look.
     */
    private static boolean initializingAClass(Thread thread) {
        for (StackTraceElement frame : thread.getStackTrace()) {
            if ("<clinit>".equals(frame.getMethodName()) || "loadClass".equals(frame.getMethodName())) {
                return true;
            }
        }
        return false;
    }

    private void stop(Registration r) {
        if (!(stopper != null ? stopper : Stopping.ON_THIS_JVM).stop(r.thread)) {
            // The render ends when its own loop does.
            r.stopFailed = true;
            LOG.log(System.Logger.Level.WARNING, "A render past its limit could not be stopped on this JVM");
        }
    }

    /**
     * This JVM's way to stop a thread, made at its first use: from Java 20 on that loads a native
     * library (about 70 ms on a cold JVM), which a start need not wait for.
     */
    private static final class Stopping {
        static final ThreadStopper ON_THIS_JVM = ThreadStopper.forThisJvm();
    }

    private static final class Registration {
        final Thread thread;
        final long deadline;
        final long allocatedAtStart;
        final AtomicInteger state = new AtomicInteger(RUNNING);
        final AtomicInteger critical = new AtomicInteger();
        final AtomicInteger unmetered = new AtomicInteger();
        volatile long exemptBytes;
        volatile String reason;
        volatile long interruptedAt;
        volatile long stoppedAt;
        volatile boolean stopReceived;
        volatile boolean stopFailed;

        Registration(Thread thread, long deadline, long allocatedAtStart) {
            this.thread = thread;
            this.deadline = deadline;
            this.allocatedAtStart = allocatedAtStart;
        }

        Stopped stopped() {
            return new Stopped(reason);
        }
    }
}
