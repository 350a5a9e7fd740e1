package io.loadsmith.generation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The start-time word on what the render guard cannot do on a Java that cannot stop a thread. */
class RenderGuardLimitationTest {

    @Test
    void onJava17TheGuardHoldsInFullAndSaysNothing() {
        assertThat(RenderGuard.limitationOn(17)).isEmpty();
        assertThat(RenderGuard.limitationOn(19)).isEmpty();
    }

    @Test
    void fromJava20OnTheOperatorIsToldWhatIsNoLongerStoppedAndWhatToDo() {
        assertThat(RenderGuard.limitationOn(20)).hasValueSatisfying(message -> assertThat(message)
                .startsWith("Java 20 cannot stop a thread")
                .contains("regular expression", "loadsmith.render.time-limit", "Run on Java 17"));
        assertThat(RenderGuard.limitationOn(25)).hasValueSatisfying(message -> assertThat(message)
                .startsWith("Java 25 "));
    }

    @Test
    void thisBuildsJavaIsOneTheGuardHoldsOn() {
        // The suite runs on the JDK 17 the project builds with; on a later one the endless renders of
        // EngineSandboxTest would not end, and this says why first.
        assertThat(RenderGuard.limitationOn(Runtime.version().feature()))
                .as("this JVM (Java %s) can stop a runaway render", Runtime.version().feature()).isEmpty();
    }
}
