package io.loadsmith.generation.render;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.management.ThreadMXBean;

import freemarker.core.Environment;
import freemarker.core.TemplateProcessingTracer;
import io.loadsmith.generation.model.GenerationException;

/**
 * Where renders run and what they may use. Nothing here stops a thread from outside: a render is
 * asked to stop, and stops itself at its next template element, where no lock, store read or class
 * initialiser is in the middle of anything.
 * <ul>
 * <li>A fixed pool of render threads with a bounded number of waiting places ({@link Pool}); a render
 *     that cannot get a place within a short wait is refused ({@link RenderBusyException}), so heavy
 *     renders cannot take the cores that cheap requests need.</li>
 * <li>Budgets ({@link Limits}): processor time and bytes allocated by the render's thread, not wall
 *     time, so that a render on a busy machine is not refused for waiting its turn. A watchdog reads
 *     them a few dozen times a second and sets the render's stop flag; every element the render
 *     enters ({@link #tracer}) reads the flag, and FreeMarker's interruption checks put an element
 *     into every loop body so that even an empty loop passes one each round.</li>
 * <li>Nesting: elements nested more than {@value #MAX_DEPTH} deep (a macro or function that calls
 *     itself) end the render before the thread's stack does.</li>
 * </ul>
 * What runs inside one element is bounded where it is written ({@link TemplateBounds}: no
 * backtracking regular expressions, no unbounded range or padding in a built-in, no text run at
 * run time), so every element ends and the flag is always read.
 */
public final class RenderGuard {

    /** What a render may use: processor time, and bytes allocated by its thread. */
    public record Limits(Duration time, long allocatedBytes) {
        public static final Limits DEFAULT = new Limits(Duration.ofSeconds(10), 512L * 1024 * 1024);
    }

    /** Render threads, places to wait for one, and how long a render waits for a place before it is refused. */
    public record Pool(int threads, int queue, Duration admission) {

        public Pool {
            if (threads < 1 || queue < 0 || admission.isNegative()) {
                throw new IllegalArgumentException("A render pool needs at least one thread, a queue of zero or more"
                        + " places and a wait of zero or more: " + threads + ", " + queue + ", " + admission);
            }
        }

        /** One core left to everything else; four waiting places per thread; two seconds' wait. */
        public static Pool defaults() {
            int threads = Math.max(1, Runtime.getRuntime().availableProcessors() - 1);
            return new Pool(threads, 4 * threads, Duration.ofSeconds(2));
        }
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

    /** Deep enough for a macro that recurses a couple of hundred times, far from a stack overflow. */
    static final int MAX_DEPTH = 1000;
    /** Render threads' stacks: {@value #MAX_DEPTH} elements of the deepest kind (a function calling itself) fit well within. */
    private static final long STACK_BYTES = 16L * 1024 * 1024;
    private static final long POLL_MILLIS = 20;
    /** Static, so that renders nested across engines (a draft inside a preview) count once. */
    private static final ThreadLocal<Registration> CURRENT = new ThreadLocal<>();
    private static final AtomicInteger POOLS = new AtomicInteger();
    /** Without a server (the command line, tests) there are no requests to keep a core for: every core renders. */
    private static final RenderGuard SHARED = new RenderGuard(Limits.DEFAULT, new Pool(
            Runtime.getRuntime().availableProcessors(), 4 * Runtime.getRuntime().availableProcessors(), Duration.ofSeconds(2)));

    private final Limits limits;
    private final Pool pool;
    private final Semaphore places;
    private final ExecutorService renderers;
    private final Map<Thread, Registration> active = new ConcurrentHashMap<>();
    private final ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    private volatile ScheduledExecutorService watchdog;

    public RenderGuard(Limits limits, Pool pool) {
        this.limits = limits;
        this.pool = pool;
        this.places = new Semaphore(pool.threads() + pool.queue(), true);
        int number = POOLS.incrementAndGet();
        AtomicInteger made = new AtomicInteger();
        this.renderers = Executors.newFixedThreadPool(pool.threads(), r -> {
            Thread t = new Thread(null, r, "loadsmith-render-" + number + "-" + made.incrementAndGet(), STACK_BYTES);
            t.setDaemon(true);
            return t;
        });
    }

    /** The guard of the application's engines unless one is configured. */
    public static RenderGuard shared() {
        return SHARED;
    }

    public Limits limits() {
        return limits;
    }

    public Pool pool() {
        return pool;
    }

    /**
     * Runs the work on a render thread under the limits and waits for it. Nested calls (a formula
     * rendered inside a template) run where they are, under the outermost call's budgets.
     *
     * @throws RenderBusyException when no place frees within the pool's admission wait
     */
    public <T> T run(Work<T> work) throws Exception {
        if (CURRENT.get() != null) {
            return bounded(work);
        }
        if (!places.tryAcquire(pool.admission().toNanos(), TimeUnit.NANOSECONDS)) {
            throw new RenderBusyException(pool);
        }
        Registration registration = new Registration();
        Future<T> outcome;
        try {
            outcome = renderers.submit(() -> runHere(registration, work));
        } catch (RejectedExecutionException e) {
            places.release();
            throw new RenderBusyException(pool);
        }
        try {
            return outcome.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception cause) {
                throw cause;
            }
            throw (Error) e.getCause();
        } catch (InterruptedException e) {
            // The caller gave up (its request ended): the render stops at its next element, its place freed then.
            registration.stop("The request was cancelled; rendering was stopped.");
            Thread.currentThread().interrupt();
            throw registration.stopped();
        }
    }

    private <T> T runHere(Registration registration, Work<T> work) throws Exception {
        Thread thread = Thread.currentThread();
        registration.cpuAtStart = threads.getCurrentThreadCpuTime();
        registration.allocatedAtStart = threads.getCurrentThreadAllocatedBytes();
        CURRENT.set(registration);
        active.put(thread, registration);
        ensureWatchdog();
        try {
            return bounded(work);
        } catch (Exception e) {
            // A stop that surfaced as something else (FreeMarker wraps what a tracer throws) says why here;
            // one the generator already placed (load, step, template, line) stays as it is.
            if (registration.reason != null && !(e instanceof GenerationException)) {
                throw registration.stopped();
            }
            throw e;
        } finally {
            active.remove(thread);
            CURRENT.remove();
            places.release();
        }
    }

    /** Where a render's own errors become its message: nested renders too, so that the caller can place it. */
    private static <T> T bounded(Work<T> work) throws Exception {
        try {
            return work.run();
        } catch (StackOverflowError e) {
            // The depth limit comes first for elements; this is an expression or a JSON text nested too deeply.
            throw new Stopped("The template nests expressions too deeply; rendering was stopped.");
        } catch (OutOfMemoryError e) {
            throw new Stopped("The template asked for more memory than a render may use; rendering was stopped.");
        }
    }

    /**
     * Work inside a render that its budgets do not count (parsing a stored text: bounded by the
     * text's own size limit, and FreeMarker's parser allocates far more than the text).
     */
    public <T> T unmetered(Work<T> work) throws Exception {
        Registration registration = CURRENT.get();
        if (registration == null) {
            return work.run();
        }
        long cpu = threads.getCurrentThreadCpuTime();
        long bytes = threads.getCurrentThreadAllocatedBytes();
        registration.unmetered.incrementAndGet();
        try {
            return work.run();
        } finally {
            registration.exemptNanos += threads.getCurrentThreadCpuTime() - cpu;
            registration.exemptBytes += threads.getCurrentThreadAllocatedBytes() - bytes;
            registration.unmetered.decrementAndGet();
        }
    }

    /**
     * The element boundaries of a render, where it learns that it must stop and where its nesting is
     * counted; {@code next} sees every element too.
     */
    static TemplateProcessingTracer tracer(TemplateProcessingTracer next) {
        return new TemplateProcessingTracer() {
            @Override
            public void enterElement(Environment env, TracedElement element) {
                Registration registration = CURRENT.get();
                if (registration != null) {
                    registration.enter();
                }
                next.enterElement(env, element);
            }

            @Override
            public void exitElement(Environment env, TracedElement element) {
                Registration registration = CURRENT.get();
                if (registration != null) {
                    registration.depth--;
                }
                next.exitElement(env, element);
            }
        };
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

    /** Only reads the budgets and sets a flag: what the render thread does next is its own affair. */
    private void inspect() {
        active.forEach((thread, registration) -> {
            if (registration.reason == null && registration.unmetered.get() == 0) {
                String reason = limitReached(thread, registration);
                if (reason != null) {
                    registration.stop(reason);
                }
            }
        });
    }

    private String limitReached(Thread thread, Registration r) {
        long cpu = threads.getThreadCpuTime(thread.getId());
        if (cpu >= 0 && cpu - r.cpuAtStart - r.exemptNanos > limits.time().toNanos()) {
            return "The template used more than " + seconds(limits.time())
                    + " of processor time (a loop that does not end?); rendering was stopped.";
        }
        long allocated = threads.getThreadAllocatedBytes(thread.getId());
        if (allocated >= 0 && allocated - r.allocatedAtStart - r.exemptBytes > limits.allocatedBytes()) {
            // The budget counts every allocation, garbage included: a long loop that keeps nothing reaches it too.
            return "The template used more than " + limits.allocatedBytes() / (1024 * 1024)
                    + " MB of memory while it ran (a string or list that grows in a loop, or a loop that runs very long?);"
                    + " rendering was stopped.";
        }
        return null;
    }

    private static String seconds(Duration time) {
        return time.toMillis() % 1000 == 0 ? time.toSeconds() + " seconds" : time.toMillis() + " ms";
    }

    /** One render's budgets and stop flag; depth is the render thread's own. */
    private static final class Registration {
        final AtomicInteger unmetered = new AtomicInteger();
        volatile long cpuAtStart;
        volatile long allocatedAtStart;
        volatile long exemptNanos;
        volatile long exemptBytes;
        volatile String reason;
        int depth;

        void stop(String why) {
            if (reason == null) {
                reason = why;
            }
        }

        void enter() {
            if (reason != null) {
                throw stopped();
            }
            if (++depth > MAX_DEPTH) {
                stop("The template calls itself, or nests macros, functions or directives, more than " + MAX_DEPTH
                        + " deep (a recursive macro or function that does not end?); rendering was stopped.");
                throw stopped();
            }
        }

        Stopped stopped() {
            return new Stopped(reason);
        }
    }
}
