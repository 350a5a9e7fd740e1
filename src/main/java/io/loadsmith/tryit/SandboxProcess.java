package io.loadsmith.tryit;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Runs a try's batches in a child JVM ({@link SandboxChild}) with a small heap and, where prlimit is
 * there, an address-space limit: DuckDB allocates inside one function call (repeat) outside its own
 * memory_limit and its cancel is not seen there, so only a process of its own bounds such a run.
 * Under the limit DuckDB answers "Out of Memory"; past the run's time the child is killed. Starting
 * it costs about 1.1 to 1.4 s on two busy cores from the class path, 4 to 5.5 s from the executable
 * jar (docs/tryit.md).
 */
final class SandboxProcess {

    /** Address space of the child: its heap, code and DuckDB's memory (measured: repeat refused at once). */
    static final long ADDRESS_SPACE = 1536L << 20;
    /** Time to start the JVM and DuckDB, on top of the run's own limit. */
    static final int START_SECONDS = 20;
    private static final Path PRLIMIT = Path.of("/usr/bin/prlimit");

    private SandboxProcess() {
    }

    /** Spring Boot's launcher for a main class nested in its executable jar (java -jar). */
    private static final String LAUNCHER = "org.springframework.boot.loader.launch.PropertiesLauncher";

    /**
     * Whether the child can be started: from this JVM's class path (a directory or a plain jar, as in the
     * container's extracted layers), or through Spring Boot's launcher from its executable jar.
     */
    static boolean launchable() {
        return fromClassPath() || launcher();
    }

    private static boolean fromClassPath() {
        var source = SandboxChild.class.getProtectionDomain().getCodeSource();
        return source != null && "file".equals(source.getLocation().getProtocol());
    }

    private static boolean launcher() {
        try {
            Class.forName(LAUNCHER, false, SandboxProcess.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    static TryResult run(TryPlan plan, List<TryRunner.Batch> batches, SandboxLimits limits) {
        Process child;
        try {
            ProcessBuilder builder = new ProcessBuilder(command()).redirectError(ProcessBuilder.Redirect.DISCARD);
            // Nothing of the server's environment (credentials among it) reaches the child. glibc's many malloc
            // arenas would spend the address space before DuckDB could.
            builder.environment().clear();
            builder.environment().put("MALLOC_ARENA_MAX", "2");
            child = builder.start();
        } catch (IOException e) {
            return TryRunner.failed(plan, "The sandbox process could not be started.");
        }
        // An answer is its cells (the budget) as JSON: quotes, escapes and row framing at most six-fold, and the rest.
        long cap = 6 * limits.answerCharacters() + (1 << 20);
        CompletableFuture<byte[]> answer = CompletableFuture.supplyAsync(() -> read(child.getInputStream(), cap));
        try (OutputStream in = child.getOutputStream()) {
            SandboxChild.JSON.writeValue(in, new SandboxChild.Request(plan, batches, limits));
        } catch (RuntimeException | IOException e) {
            // The child ended before it read its request: what it answered (nothing) says so below.
        }
        try {
            if (!child.waitFor(limits.runSeconds() + START_SECONDS, TimeUnit.SECONDS)) {
                child.destroyForcibly();
                return TryRunner.failed(plan, "Stopped: the run reached its time limit of " + limits.runSeconds()
                        + " s inside one statement, which did not stop when cancelled; the sandbox process was ended.");
            }
            byte[] bytes = answer.get();
            if (bytes.length > cap) {
                return TryRunner.failed(plan, "Stopped: the answer grew past the sandbox's limit.");
            }
            if (child.exitValue() != 0 || bytes.length == 0) {
                return TryRunner.failed(plan, "The sandbox process ended without an answer: it ran out of memory or"
                        + " was stopped. The sandbox bounds a run's memory; try fewer or smaller rows.");
            }
            return SandboxChild.JSON.readValue(bytes, TryResult.class);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            child.destroyForcibly();
            throw new SandboxRefusal("The run was interrupted.");
        } catch (ExecutionException e) {
            return TryRunner.failed(plan, "The sandbox process's answer could not be read.");
        } finally {
            child.destroyForcibly();
        }
    }

    private static byte[] read(InputStream out, long cap) {
        try (out) {
            return out.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, cap + 1));
        } catch (IOException e) {
            return new byte[0];
        }
    }

    private static List<String> command() {
        List<String> command = new ArrayList<>();
        if (Files.isExecutable(PRLIMIT)) {
            command.addAll(List.of(PRLIMIT.toString(), "--as=" + ADDRESS_SPACE));
        }
        command.add(ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        command.addAll(List.of("-Xmx128m", "-Xss512k", "-XX:ReservedCodeCacheSize=32m", "-XX:CompressedClassSpaceSize=32m",
                "-XX:MaxMetaspaceSize=96m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-XX:-UsePerfData",
                // A child out of heap ends at once, and a crash leaves no hs_err file in the server's directory.
                "-XX:+ExitOnOutOfMemoryError", "-XX:ErrorFile=/dev/null",
                "-cp", System.getProperty("java.class.path")));
        if (fromClassPath()) {
            command.add(SandboxChild.class.getName());
        } else {
            // java -jar: the classes are nested in the jar (the class path); its launcher starts the child's main.
            command.addAll(List.of("-Dloader.main=" + SandboxChild.class.getName(), LAUNCHER));
        }
        return command;
    }
}
