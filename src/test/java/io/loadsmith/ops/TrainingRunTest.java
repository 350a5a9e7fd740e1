package io.loadsmith.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import io.loadsmith.LoadsmithApplication;

/**
 * The archive's training start: it must get as far as a first visitor does (else the archive misses
 * those classes), and a start that does not must fail the image's build rather than archive it.
 */
class TrainingRunTest {

    @Test
    void aReadyApplicationAnswersEachVisitAndCloses() {
        ConfigurableApplicationContext app = start("training-ok");
        assertThat(TrainingRun.train(app, Duration.ofMinutes(1))).isZero();
        assertThat(app.isActive()).isFalse();
    }

    @Test
    void aVisitWithoutItsUsualAnswerFailsTheRunAndStillCloses() {
        // Health not exposed: the readiness path answers 404, never 200.
        ConfigurableApplicationContext app = start("training-broken", "--management.endpoints.web.exposure.include=prometheus");
        assertThat(TrainingRun.train(app, Duration.ofSeconds(1))).isEqualTo(1);
        assertThat(app.isActive()).isFalse();
    }

    @Test
    void withoutThePropertyTheListenerLeavesTheApplicationRunning() {
        // The listener ran at this start's ApplicationReadyEvent; had it trained, it would have closed
        // the context and ended this JVM (which fails the build too).
        ConfigurableApplicationContext app = start("training-off");
        try {
            assertThat(app.isActive()).isTrue();
        } finally {
            app.close();
        }
    }

    private static ConfigurableApplicationContext start(String database, String... more) {
        String[] args = {"--server.port=0", "--spring.datasource.url=jdbc:h2:mem:" + database + ";DB_CLOSE_DELAY=-1",
                "--logging.level.root=WARN", "--loadsmith.admin.password=training-run-password"};
        String[] all = java.util.Arrays.copyOf(args, args.length + more.length);
        System.arraycopy(more, 0, all, args.length, more.length);
        return new SpringApplicationBuilder(LoadsmithApplication.class).run(all);
    }
}
