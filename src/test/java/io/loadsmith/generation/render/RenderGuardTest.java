package io.loadsmith.generation.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.engine.InMemoryTemplates;
import io.loadsmith.generation.catalog.LibraryTemplateSource;
import io.loadsmith.generation.catalog.TemplateCatalog;

/**
 * The guard asks a render to stop and the render stops itself at its next element; nothing is
 * thrown into a thread from outside (ThreadStopperTest, which tested the JVM TI stop, went with it).
 * Budgets are the render thread's processor time, so waiting costs nothing; renders run on the
 * guard's own threads, a bounded number at once; parsing a text is no render.
 */
class RenderGuardTest {

    private static final LibraryTemplateSource LIBRARY = new LibraryTemplateSource();
    private static final DialectRegistry DIALECTS = new DialectRegistry();
    private static final long MB = 1024 * 1024;

    @Test
    void waitingIsNotProcessorTimeSoASlowButIdleRenderIsNotStopped() throws Exception {
        RenderGuard guard = new RenderGuard(new RenderGuard.Limits(Duration.ofMillis(200), 64 * MB),
                new RenderGuard.Pool(1, 0, Duration.ofMinutes(1)));
        // Half a second on the clock, next to no processor time: a wall-clock deadline refused this.
        assertThat(guard.run(() -> {
            Thread.sleep(500);
            return "done";
        })).isEqualTo("done");
    }

    @Test
    void anEndlessLoopStopsItselfAtAnElementAndItsThreadIsLeftUntouched() throws Exception {
        // No memory budget to speak of: an empty loop allocates a number per round, and this is about time.
        RenderGuard guard = new RenderGuard(new RenderGuard.Limits(Duration.ofMillis(300), Long.MAX_VALUE),
                new RenderGuard.Pool(1, 0, Duration.ofMinutes(1)));
        FreemarkerEngine engine = engine(guard, "loop", "<#list 1.. as i></#list>");
        for (int round = 0; round < 3; round++) {
            assertThatThrownBy(() -> engine.render(DIALECTS.get("h2"), "templates/loop", java.util.Map.of()))
                    .satisfies(e -> assertThat(FreemarkerErrors.describe(e).detail())
                            .isEqualTo("The template used more than 300 ms of processor time (a loop that does not end?);"
                                    + " rendering was stopped."));
            // The same render thread, never interrupted, takes the next render.
            assertThat(guard.run(() -> Thread.currentThread().getName() + " " + Thread.currentThread().isInterrupted()))
                    .startsWith("loadsmith-render-").endsWith("-1 false");
        }
    }

    @Test
    void recursionEndsAtTheNestingLimitNotAtTheEndOfTheStack() {
        RenderGuard guard = new RenderGuard(RenderGuard.Limits.DEFAULT, new RenderGuard.Pool(1, 0, Duration.ofMinutes(1)));
        for (String text : List.of("<#macro r n><@r n + 1/></#macro><@r 1/>",
                "<#function f n><#return f(n + 1)></#function>${f(1)}")) {
            FreemarkerEngine engine = engine(guard, "deep", text);
            assertThatThrownBy(() -> engine.render(DIALECTS.get("h2"), "templates/deep", java.util.Map.of()))
                    .satisfies(e -> assertThat(FreemarkerErrors.describe(e).detail())
                            .contains("more than " + RenderGuard.MAX_DEPTH + " deep").contains("rendering was stopped"));
        }
    }

    @Test
    void aLegitimatelyDeepButFiniteRecursionRenders() throws Exception {
        RenderGuard guard = new RenderGuard(RenderGuard.Limits.DEFAULT, new RenderGuard.Pool(1, 0, Duration.ofMinutes(1)));
        FreemarkerEngine engine = engine(guard, "deep",
                "<#macro r n><#if n < 100><@r n + 1/><#else>${n}</#if></#macro><@r 1/>");
        assertThat(engine.render(DIALECTS.get("h2"), "templates/deep", java.util.Map.of())).isEqualTo("100");
    }

    @Test
    void rendersRunOnTheGuardsThreadsAndNestedRendersStayOnTheirs() throws Exception {
        RenderGuard guard = new RenderGuard(RenderGuard.Limits.DEFAULT, new RenderGuard.Pool(1, 0, Duration.ofMinutes(1)));
        String caller = Thread.currentThread().getName();
        List<String> threads = guard.run(() -> List.of(Thread.currentThread().getName(),
                guard.run(() -> Thread.currentThread().getName())));
        assertThat(threads.get(0)).startsWith("loadsmith-render-").isNotEqualTo(caller);
        assertThat(threads.get(1)).isEqualTo(threads.get(0));
    }

    @Test
    void aFullPoolRefusesARenderWithAMessageAndTakesTheNextOnceAPlaceIsFree() throws Exception {
        RenderGuard guard = new RenderGuard(RenderGuard.Limits.DEFAULT, new RenderGuard.Pool(1, 0, Duration.ofMillis(50)));
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<String> holding = occupy(guard, started, release);
        assertThat(started.await(1, TimeUnit.MINUTES)).isTrue();
        assertThatThrownBy(() -> guard.run(() -> "second"))
                .isInstanceOf(RenderBusyException.class)
                .hasMessage("Too many renders at once (1 running, 0 waiting); try again in a moment.");
        release.countDown();
        assertThat(holding.get(1, TimeUnit.MINUTES)).isEqualTo("first");
        assertThat(guard.run(() -> "third")).isEqualTo("third");
    }

    @Test
    void aRenderWaitsForAFreeThreadWhenAPlaceInTheQueueIsFree() throws Exception {
        RenderGuard guard = new RenderGuard(RenderGuard.Limits.DEFAULT, new RenderGuard.Pool(1, 1, Duration.ofMillis(50)));
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<String> holding = occupy(guard, started, release);
        assertThat(started.await(1, TimeUnit.MINUTES)).isTrue();
        CompletableFuture<String> queued = CompletableFuture.supplyAsync(() -> {
            try {
                return guard.run(() -> "second");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        release.countDown();
        assertThat(queued.get(1, TimeUnit.MINUTES)).isEqualTo("second");
        assertThat(holding.get(1, TimeUnit.MINUTES)).isEqualTo("first");
    }

    /** Saving a long valid text is not a render: no budget applies, however busy the machine. */
    @Test
    void parsingALongTemplateIsUnderNoRenderBudget() throws Exception {
        RenderGuard starved = new RenderGuard(new RenderGuard.Limits(Duration.ofNanos(1), 1),
                new RenderGuard.Pool(1, 0, Duration.ZERO));
        FreemarkerEngine engine = new FreemarkerEngine(new TemplateCatalog(List.of(LIBRARY)), LIBRARY, starved);
        String line = "SELECT ${model.load.target.name}, '<#if true>yes</#if>' FROM t; -- a line of a long template\n";
        String text = line.repeat(1_000_000 / line.length() + 1);
        assertThat(text.length()).isGreaterThan(1_000_000);
        assertThat(engine.parse(DIALECTS.get("h2"), "long", text).getRootTreeNode().getChildCount()).isPositive();
    }

    @Test
    void aPoolNeedsAThread() {
        assertThatThrownBy(() -> new RenderGuard.Pool(0, 1, Duration.ZERO))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least one thread");
    }

    /** A render that holds its thread, using no processor time, until released. */
    private static CompletableFuture<String> occupy(RenderGuard guard, CountDownLatch started, CountDownLatch release) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return guard.run(() -> {
                    started.countDown();
                    release.await();
                    return "first";
                });
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    private static FreemarkerEngine engine(RenderGuard guard, String name, String text) {
        return new FreemarkerEngine(new TemplateCatalog(List.of(new InMemoryTemplates().add(name, text), LIBRARY)),
                LIBRARY, guard);
    }
}
