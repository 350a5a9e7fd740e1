package io.loadsmith.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.springframework.core.io.ClassPathResource;

/** The golden files (src/test/resources/golden): the seed's expected SQL and template, reviewed outputs, and how they are compared. */
public final class Golden {

    private Golden() {
    }

    public static String read(String file) {
        try {
            return new ClassPathResource("golden/" + file).getContentAsString(StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String expectedSnowflakeSql() {
        return read("vessel_scd2.snowflake.sql");
    }

    /** Step 2 of the seed's load as a user writes it: the temp table named through placeholders. */
    public static String createTempStep() {
        String expected = expectedSnowflakeSql();
        return expected.substring(expected.indexOf("CREATE TEMPORARY TABLE"),
                        expected.indexOf("FROM vessel;") + "FROM vessel;".length())
                .replace("publish.Z_TMP_D_VESSEL_SCD2", "<target_schema>.Z_TMP_<target_entity_name>");
    }

    /** Runs of spaces, tabs and newlines count as one space (golden/README.md). */
    public static String normalize(String sql) {
        return sql.replaceAll("\\s+", " ").strip();
    }

    /**
     * {@code actual} equals the reviewed file; with {@code -Dgolden.update=true} the file is written
     * first, to be reviewed in the diff.
     */
    public static void assertMatches(Path file, String actual) {
        try {
            if (Boolean.getBoolean("golden.update")) {
                Files.createDirectories(file.getParent());
                Files.writeString(file, actual, StandardCharsets.UTF_8);
            }
            assertThat(file).as("golden file (write it with -Dgolden.update=true and review it)").exists();
            assertThat(actual).isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
