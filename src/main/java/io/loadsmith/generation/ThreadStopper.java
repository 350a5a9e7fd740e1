package io.loadsmith.generation;

import java.io.IOException;
import java.util.Optional;

/**
 * How this JVM stops a render that its interruption did not end (a regular expression that
 * backtracks, a built-in that loops inside Java): {@link Thread#stop()} up to Java 19, JVM TI's
 * {@code StopThread} from Java 20 on ({@link NativeThreadStop}). Where neither works (a build without
 * the native library, a JVM that refuses it) it says why, and the guard can only interrupt.
 */
class ThreadStopper {

    private final boolean jvmti;
    private final String unavailable;

    // Package-private, not private: a test stands in a stopper that loses a stop, as a JVM once did.
    ThreadStopper(boolean jvmti, String unavailable) {
        this.jvmti = jvmti;
        this.unavailable = unavailable;
    }

    static ThreadStopper forThisJvm() {
        return forJava(Runtime.version().feature());
    }

    /** Thread.stop before Java 20; JVM TI from 20 on, or on any version where asked to (its test). */
    static ThreadStopper forJava(int feature) {
        if (feature < 20) {
            return new ThreadStopper(false, null);
        }
        try {
            NativeThreadStop.load();
            return new ThreadStopper(true, null);
        } catch (IOException | LinkageError e) {
            return new ThreadStopper(false, "JVM TI's StopThread could not be reached: " + e.getMessage());
        }
    }

    /** Empty where a stuck render can be stopped; else why not, for the operator. */
    Optional<String> unavailable() {
        return Optional.ofNullable(unavailable);
    }

    /** Throws a ThreadDeath into the thread; false where that cannot be done. */
    @SuppressWarnings({"deprecation", "removal"})
    boolean stop(Thread thread) {
        if (unavailable != null) {
            return false;
        }
        if (!jvmti) {
            thread.stop();
            return true;
        }
        return NativeThreadStop.stop(thread);
    }
}
