package io.loadsmith.robustness;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A second process on an H2 file that is already open (here by this test's JVM, as a running
 * Loadsmith would hold it) must stop at start with a message that says what is wrong and what to do.
 */
class SecondInstanceTest {

    @Test
    void aSecondInstanceOnTheSameH2FileStopsWithAClearMessage(@TempDir Path dir) throws Exception {
        String url = "jdbc:h2:file:" + dir.resolve("loadsmith") + ";AUTO_SERVER=FALSE";
        try (Connection first = DriverManager.getConnection(url, "sa", "")) {
            first.createStatement().execute("create table held (x int)");
            Path log = dir.resolve("second.log");
            Process second = new ProcessBuilder(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
                    "-cp", System.getProperty("java.class.path"), "io.loadsmith.LoadsmithApplication",
                    "--server.port=0", "--spring.datasource.url=" + url))
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();

            assertThat(second.waitFor(120, TimeUnit.SECONDS)).as("the second instance stopped by itself").isTrue();
            String output = Files.readString(log);
            assertThat(second.exitValue()).as(output).isNotZero();
            assertThat(output).contains("APPLICATION FAILED TO START",
                    "metadata store " + dir.resolve("loadsmith") + ".mv.db is in use by another process",
                    "--spring.datasource.url=jdbc:h2:file:<another path>");
        }
    }
}
