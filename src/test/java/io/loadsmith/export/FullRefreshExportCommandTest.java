package io.loadsmith.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.core.io.ClassPathResource;

import io.loadsmith.cli.ExportCommand;

/**
 * {@code java -jar loadsmith.jar export ... --allow-full-refresh}: the package full_refresh.json has
 * a scd_hybrid_rebuild load (a full refresh of the history table frdw.FR_DIM_USER).
 */
class FullRefreshExportCommandTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int export(String... extra) throws Exception {
        Path json = dir.resolve("frtest.json");
        Files.write(json, new ClassPathResource("packages/full_refresh.json").getContentAsByteArray());
        List<String> args = new ArrayList<>(List.of("export", "--package", json.toString(), "--dialect", "h2",
                "--out", dir.resolve("dist").toString()));
        args.addAll(List.of(extra));
        return ExportCommand.run(args.toArray(String[]::new), new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String errors() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void theSeedsDefaultDeniesTheCurrentStateRebuildEvenWithTheFlag() throws Exception {
        assertThat(export("--allow-full-refresh")).isEqualTo(1);
        assertThat(errors()).contains("export: Load 'fr_rebuild', step 1 'rebuild', template 'scd_hybrid_rebuild'",
                "frdw.FR_DIM_USER", "is denied", "project setting loadsmith.full-refresh.current-state=deny");
        assertThat(dir.resolve("dist/loads/fr_rebuild.sql")).doesNotExist();
    }

    @Test
    void requireConfirmationNeedsTheFlag() throws Exception {
        assertThat(export("--full-refresh-current-state", "require_confirmation")).isEqualTo(1);
        assertThat(errors()).contains("needs confirmation", "--allow-full-refresh");
        assertThat(dir.resolve("dist/loads/fr_rebuild.sql")).doesNotExist();

        assertThat(export("--full-refresh-current-state", "require_confirmation", "--allow-full-refresh"))
                .as(errors()).isZero();
        assertThat(Files.readString(dir.resolve("dist/loads/fr_rebuild.sql"))).contains("frdw.Z_NEW_FR_DIM_USER");
        assertThat(dir.resolve("dist/frtest-working-h2.zip")).exists();
    }

    @Test
    void theFlagMayStandAnywhereAndAllowNeedsNoFlag() throws Exception {
        assertThat(export("--allow-full-refresh", "--full-refresh-current-state", "require_confirmation",
                "--version", "2")).as(errors()).isZero();
        assertThat(export("--full-refresh-current-state", "allow", "--version", "3")).as(errors()).isZero();
        assertThat(dir.resolve("dist/frtest-3-h2.zip")).exists();
    }

    @Test
    void anUnknownPolicyIsABadArgument() throws Exception {
        assertThat(export("--full-refresh-historical", "sometimes")).isEqualTo(2);
        assertThat(errors()).contains("--full-refresh-historical 'sometimes' is not a policy: give deny,"
                + " require_confirmation or allow");
    }
}
