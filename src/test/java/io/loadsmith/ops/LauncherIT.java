package io.loadsmith.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/loadsmith against the layout that {@code mvn package} built in target/loadsmith
 * (ops/build-layout.sh); run after package (pom.xml, surefire execution "launcher"). With the
 * archives built, {@code -Xshare:on} makes a start that cannot map its archive fail instead of
 * quietly loading the classes from the jars. Nothing here is timed: the speed is benchmark 17's.
 */
class LauncherIT {

    private static final Path ROOT = Path.of("").toAbsolutePath();
    private static final Path LAUNCHER = ROOT.resolve("bin/loadsmith");
    private static final Path LAYOUT = ROOT.resolve("target/loadsmith");
    private static final Path VESSEL = ROOT.resolve("src/test/resources/packages/vessel.json");

    @TempDir
    Path dir;

    @BeforeAll
    static void theLayoutIsBuilt() {
        assumeThat(Files.isExecutable(Path.of("/bin/sh"))).as("bin/loadsmith is a POSIX shell script; no /bin/sh here").isTrue();
        assumeThat(LAYOUT.resolve("loadsmith.jar")).as("no layout in target/loadsmith: run mvn package first").exists();
    }

    @Test
    void helpNamesTheCommands() throws Exception {
        Run run = launch(Map.of(), "--help");
        assertThat(run.exit()).isZero();
        assertThat(run.out()).contains("bin/loadsmith serve", "bin/loadsmith export", "bin/loadsmith migrate");
    }

    @Test
    void anUnknownCommandIsRefusedWithTheUsage() throws Exception {
        Run run = launch(Map.of(), "exprot");
        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.out()).contains("unknown command 'exprot'", "bin/loadsmith export");
    }

    @Test
    void exportWritesTheSameBytesAsTheJar() throws Exception {
        Path launched = dir.resolve("launched");
        Run run = launch(shareOn("cli.jsa"), "export", "--package", VESSEL.toString(), "--dialect", "snowflake",
                "--out", launched.toString());
        assertThat(run.exit()).as(run.out()).isZero();
        // The same command on the packaged jar, no archive and no flags (its output equals the API's: SqlPackageExportTest).
        Path plain = dir.resolve("plain");
        String java = Files.readString(LAYOUT.resolve("java")).strip(); // the build's, as bin/loadsmith uses
        Process jar = new ProcessBuilder(java, "-jar", ROOT.resolve("target/loadsmith.jar").toString(),
                "export", "--package", VESSEL.toString(), "--dialect", "snowflake", "--out", plain.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("jar.log").toFile()).start();
        assertThat(jar.waitFor(5, TimeUnit.MINUTES) && jar.exitValue() == 0).as(Files.readString(dir.resolve("jar.log"))).isTrue();
        List<Path> files = files(plain);
        assertThat(files).contains(Path.of("manifest.json"));
        assertThat(files(launched)).isEqualTo(files);
        for (Path f : files) {
            assertThat(Files.readAllBytes(launched.resolve(f))).as(f.toString()).isEqualTo(Files.readAllBytes(plain.resolve(f)));
        }
    }

    @Test
    void serveStartsTheServerFromTheLayout() throws Exception {
        // The training start: runs until ready, answers a first visitor's requests, exits 0 when each got its answer.
        Map<String, String> env = new java.util.HashMap<>(shareOn("server.jsa"));
        env.merge("JAVA_OPTS", "-Dloadsmith.training-run=true", (a, b) -> a + " " + b);
        env.put("LOADSMITH_ADMIN_PASSWORD", "launcher-test-only");
        Run run = launch(env, "serve", "--server.port=0", "--spring.datasource.url=jdbc:h2:mem:launcher",
                "--logging.level.root=WARN");
        assertThat(run.exit()).as(run.out()).isZero();
    }

    @Test
    void withoutALayoutItSaysHowToBuildOne() throws Exception {
        Run run = launch(Map.of("LOADSMITH_LAYOUT", dir.toString()), "export", "--package", VESSEL.toString());
        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.out()).contains("no built layout in " + dir, "mvn package");
    }

    /** -Xshare:on when the build made the archive (not with -Dloadsmith.skipTraining). */
    private static Map<String, String> shareOn(String archive) {
        return Files.exists(LAYOUT.resolve(archive)) ? Map.of("JAVA_OPTS", "-Xshare:on") : Map.of();
    }

    private record Run(int exit, String out) {
    }

    private Run launch(Map<String, String> env, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(LAUNCHER.toString()));
        command.addAll(List.of(args));
        Path log = dir.resolve("launcher.log");
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().remove("JAVA_OPTS");
        builder.environment().putAll(env);
        Process p = builder.start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("bin/loadsmith " + String.join(" ", args) + " did not end in 5 minutes");
        }
        return new Run(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    }

    private static List<Path> files(Path root) throws Exception {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).map(root::relativize).sorted().toList();
        }
    }
}
