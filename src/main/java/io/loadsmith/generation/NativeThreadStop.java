package io.loadsmith.generation;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

/**
 * Stops a thread where {@link Thread#stop()} no longer does (Java 20 and later): JVM TI's
 * {@code StopThread}, the call debuggers use, throws a {@link ThreadDeath} into it as
 * {@code Thread.stop} did. The call is a few lines of C (src/main/c/loadsmith_stop.c), built into the
 * jar where the build has a C compiler; the JVM wants {@code --enable-native-access=ALL-UNNAMED} to
 * load it without a warning from Java 24 on.
 */
final class NativeThreadStop {

    /** Where the build puts the library, per operating system and architecture. */
    static final String LIBRARY = "/native/" + System.getProperty("os.name").toLowerCase(Locale.ROOT).replace(' ', '_')
            + "-" + System.getProperty("os.arch") + "/" + System.mapLibraryName("loadsmith_stop");

    private static boolean loaded;

    private NativeThreadStop() {
    }

    /**
     * Loads the library and asks JVM TI for the right to stop threads, once; throws, saying why,
     * where it cannot.
     */
    static synchronized void load() throws IOException {
        if (loaded) {
            return;
        }
        Path file;
        try (InputStream in = NativeThreadStop.class.getResourceAsStream(LIBRARY)) {
            if (in == null) {
                throw new IOException("this build has no " + LIBRARY + " (built where a C compiler is)");
            }
            file = Files.createTempFile("loadsmith_stop", ".lib");
            file.toFile().deleteOnExit();
            Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
        }
        System.load(file.toString());
        int result = init();
        if (result != 0) {
            throw new IOException("JVM TI refused the right to stop threads (" + result + ")");
        }
        loaded = true;
    }

    /** Throws a ThreadDeath into the thread; false if JVM TI refused (a thread that has ended). */
    static boolean stop(Thread thread) {
        return stop(thread, new ThreadDeath()) == 0;
    }

    private static native int init();

    private static native int stop(Thread thread, Throwable throwable);
}
