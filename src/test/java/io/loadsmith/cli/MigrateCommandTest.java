package io.loadsmith.cli;

import static io.loadsmith.export.migration.MigrationFixtures.v1;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loadsmith.exchange.PackageJson;
import io.loadsmith.export.migration.MigrationPlanTest;

/** {@code java -jar loadsmith.jar migrate}: the same SQL as the API's Migrations, without a server. */
class MigrateCommandTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int migrate(String... args) {
        return MigrateCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String[] files() throws Exception {
        Path a = dir.resolve("shop-1.json");
        Path b = dir.resolve("shop-2.json");
        Files.write(a, PackageJson.write(v1()));
        Files.write(b, PackageJson.write(MigrationPlanTest.everything()));
        return new String[] {a.toString(), b.toString()};
    }

    @Test
    void writesTheMigrationAndItsPlan() throws Exception {
        String[] f = files();
        int exit = migrate("migrate", "--from", f[0], "--to", f[1], "--dialect", "snowflake", "--out",
                dir.resolve("dist").toString(), "--allow-destructive");
        assertThat(exit).as(err.toString(StandardCharsets.UTF_8)).isZero();
        assertThat(Files.readString(dir.resolve("dist/shop-1-to-shop-2.sql")))
                .isEqualTo(Files.readString(Path.of("src/test/resources/golden/migrations/every_change.snowflake.sql")));
        assertThat(Files.readString(dir.resolve("dist/shop-1-to-shop-2.plan.json")))
                .contains("\"kind\": \"NARROW_TYPE\"", "\"destructive\": true");
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("8 changes in 4 steps for snowflake");
    }

    @Test
    void refusesDestructiveChangesAndListsThem() throws Exception {
        String[] f = files();
        int exit = migrate("migrate", "--from", f[0], "--to", f[1], "--dialect", "postgresql", "--out", dir.toString(),
                "--from-version", "1", "--to-version", "2");
        assertThat(exit).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains(
                "narrow column dw.item.price: DECIMAL(10, 2) → DECIMAL(8, 2)", "Allow them with --allow-destructive");
        assertThat(dir.resolve("1-to-2.sql")).doesNotExist();
    }

    @Test
    void badArgumentsSayWhat() throws Exception {
        String[] f = files();
        assertThat(migrate("migrate", "--from", f[0], "--to", f[1], "--dialect", "oracle9", "--out", dir.toString()))
                .isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("Unknown dialect 'oracle9'");
        assertThat(migrate("migrate", "--from", f[0], "--dialect", "h2", "--out", dir.toString())).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("--to is required");
        assertThat(migrate("migrate", "--from", dir.resolve("missing.json").toString(), "--to", f[1], "--dialect", "h2",
                "--out", dir.toString())).isEqualTo(1);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("cannot read or write a file");
    }
}
