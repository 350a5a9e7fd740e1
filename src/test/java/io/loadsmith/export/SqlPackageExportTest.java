package io.loadsmith.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.core.io.ClassPathResource;

import io.loadsmith.cli.ExportCommand;
import io.loadsmith.engine.VesselFixture;
import io.loadsmith.exchange.InvalidPackageException;
import io.loadsmith.exchange.PackageDocument;
import io.loadsmith.exchange.PackageJson;
import io.loadsmith.generation.EngineFactory;
import io.loadsmith.generation.EngineSettings;

class SqlPackageExportTest {

    private final SqlPackageExporter exporter = new SqlPackageExporter(EngineFactory.standalone(),
            EngineSettings.defaults());

    static byte[] vesselJson() throws Exception {
        return new ClassPathResource("packages/vessel.json").getContentAsByteArray();
    }

    @Test
    void packageJsonIsCanonicalSoExportImportExportGivesTheSameBytes() throws Exception {
        byte[] original = vesselJson();

        byte[] again = PackageJson.write(PackageJson.read(original));

        assertThat(new String(again, StandardCharsets.UTF_8)).isEqualTo(new String(original, StandardCharsets.UTF_8));
        assertThat(PackageJson.write(PackageJson.read(again))).isEqualTo(again);
    }

    @Test
    void zipHoldsManifestDdlAndTheGoldenLoadSql() throws Exception {
        SqlPackage sql = exporter.build(PackageJson.read(vesselJson()), "7", "snowflake", "dev");

        Map<String, String> files = unzip(exporter.zip(sql));

        assertThat(files.keySet()).containsExactly("manifest.json", "ddl/publish.D_VESSEL_SCD2.sql", "loads/load_d_vessel_scd2.sql");
        assertThat(VesselFixture.normalize(files.get("loads/load_d_vessel_scd2.sql")))
                .isEqualTo(VesselFixture.normalize(new ClassPathResource("golden/vessel_scd2.snowflake.sql")
                        .getContentAsString(StandardCharsets.UTF_8)));
        assertThat(files.get("ddl/publish.D_VESSEL_SCD2.sql")).startsWith("""
                CREATE TABLE publish.D_VESSEL_SCD2 (
                    vessel_scd_id CHAR(32),
                    vessel_id CHAR(32),""").contains("    validity_status TINYINT,\n");
        assertThat(files.get("manifest.json")).contains("\"package\": \"vessel\"", "\"version\": \"7\"",
                "\"dialect\": \"snowflake\"", "\"environment\": \"dev\"",
                "\"sha256\": \"" + SqlPackageExporter.sha256(files.get("loads/load_d_vessel_scd2.sql")) + "\"");
    }

    @Test
    void sameInputGivesByteIdenticalZips() throws Exception {
        PackageDocument document = PackageJson.read(vesselJson());

        byte[] first = exporter.zip(exporter.build(document, "1", "postgresql", null));
        Thread.sleep(1100); // a zip that recorded the clock would now differ
        byte[] second = exporter.zip(exporter.build(PackageJson.read(vesselJson()), "1", "postgresql", null));

        assertThat(second).isEqualTo(first);
    }

    @Test
    void theStreamedZipIsTheSameBytesAndLeavesItsTargetOpen() throws Exception {
        SqlPackage sql = exporter.build(PackageJson.read(vesselJson()), "1", "snowflake", "dev");
        boolean[] closed = {false};
        ByteArrayOutputStream target = new ByteArrayOutputStream() {
            @Override
            public void close() {
                closed[0] = true;
            }
        };

        exporter.writeZip(sql, target);

        assertThat(target.toByteArray()).isEqualTo(exporter.zip(sql));
        assertThat(closed[0]).as("the response or file is its owner's to close").isFalse();
    }

    @Test
    void loadsRunAfterTheLoadsThatFillTheirSources() {
        PackageDocument.LoadDoc mart = load("z_mart", "mart.M", "dw.D");
        PackageDocument.LoadDoc dim = load("b_dim", "dw.D", "stage.S");
        PackageDocument.LoadDoc stage = load("y_stage", "stage.S");
        PackageDocument.LoadDoc other = load("a_other", "dw.O");

        assertThat(RunOrder.of(List.of(mart, dim, stage, other)).stream().map(PackageDocument.LoadDoc::name))
                .containsExactly("a_other", "y_stage", "b_dim", "z_mart");
        assertThatThrownBy(() -> RunOrder.of(List.of(load("p", "a.P", "a.Q"), load("q", "a.Q", "a.P"))))
                .hasMessage("Loads depend on each other in a cycle: p (a.P <- a.Q), q (a.Q <- a.P)");
    }

    /** A load whose mappings read an entity runs after that entity's load, as if the entity were a source. */
    @Test
    void loadsRunAfterTheLoadsOfTheirMappedSources() {
        PackageDocument.LoadDoc sat = mapped("a_sat", "rdv.S_CUSTOMER", "stage.CUSTOMER", "rdv.H_CUSTOMER");
        PackageDocument.LoadDoc hub = mapped("b_hub", "rdv.H_CUSTOMER", "stage.CUSTOMER");
        PackageDocument.LoadDoc stage = load("c_stage", "stage.CUSTOMER");

        assertThat(RunOrder.of(List.of(sat, hub, stage)).stream().map(PackageDocument.LoadDoc::name))
                .containsExactly("c_stage", "b_hub", "a_sat");
        // Mixed case names one entity; a source and a mapping of one entity count once.
        assertThat(RunOrder.of(List.of(mapped("x", "Dw.X", "dw.y"), load("y", "DW.Y", "Dw.Y"))).stream()
                .map(PackageDocument.LoadDoc::name)).containsExactly("y", "x");
        assertThatThrownBy(() -> RunOrder.of(List.of(mapped("p", "a.P", "a.Q", "stage.S"), mapped("q", "a.Q", "a.P"),
                load("s", "stage.S"))))
                .hasMessage("Loads depend on each other in a cycle: p (a.P <- a.Q), q (a.Q <- a.P)");
    }

    /**
     * Rule 17 for the whole run: the stages a checked (satellite) load reads, and what they wait for, run first,
     * then its check, then the rest; a hub's stage that no checked load reads may come after the check.
     */
    @Test
    void theStagesOfCheckedLoadsRunFirstSoTheirChecksPrecedeEveryVaultWrite() {
        List<PackageDocument.LoadDoc> loads = List.of(mapped("sat", "rdv.S", "stage.Z"), mapped("a_hub", "rdv.H", "stage.A"),
                load("a_stage", "stage.A"), load("z_stage", "stage.Z", "stage.Y"), load("y_stage", "stage.Y"));
        // By name alone the hub comes before the stage the satellite reads.
        assertThat(RunOrder.of(loads).stream().map(PackageDocument.LoadDoc::name))
                .containsExactly("a_stage", "a_hub", "y_stage", "z_stage", "sat");
        RunOrder.Staged<PackageDocument.LoadDoc> staged = RunOrder.staged(loads, java.util.Set.of("sat"));
        assertThat(staged.loads().stream().map(PackageDocument.LoadDoc::name))
                .containsExactly("y_stage", "z_stage", "a_stage", "a_hub", "sat");
        assertThat(staged.checksAt()).isEqualTo(2);
        // Nothing checked: the plain order, the checks (none) before everything.
        RunOrder.Staged<PackageDocument.LoadDoc> none = RunOrder.staged(loads, java.util.Set.of());
        assertThat(none.loads()).isEqualTo(RunOrder.of(loads));
        assertThat(none.checksAt()).isZero();
    }

    private static PackageDocument.LoadDoc mapped(String name, String target, String... mappedSources) {
        return new PackageDocument.LoadDoc(name, target, null, null, List.of(), Map.of(), List.of(),
                java.util.Arrays.stream(mappedSources).map(s -> new PackageDocument.MappingDoc(s, "SOURCE", null, List.of()))
                        .toList());
    }

    @Test
    void commandLineWritesTheSameZipAsTheExporter(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("vessel.json");
        Files.write(json, vesselJson());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int code = ExportCommand.run(new String[] {"export", "--package", json.toString(), "--dialect", "snowflake",
                "--out", dir.resolve("dist").toString(), "--version", "3"}, new PrintStream(out), new PrintStream(err));

        assertThat(code).as(err.toString()).isZero();
        byte[] expected = exporter.zip(exporter.build(PackageJson.read(vesselJson()), "3", "snowflake", null));
        assertThat(Files.readAllBytes(dir.resolve("dist/vessel-3-snowflake.zip"))).isEqualTo(expected);
        assertThat(dir.resolve("dist/loads/load_d_vessel_scd2.sql")).exists();
    }

    /** Redshift and the Microsoft engines are targets of the command line like the others: their types and hashes in the files. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"redshift", "sqlserver", "synapse", "fabric"})
    void commandLineExportsForRedshiftAndTheMicrosoftEngines(String dialect, @TempDir Path dir) throws Exception {
        Path json = dir.resolve("vessel.json");
        Files.write(json, vesselJson());
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int code = ExportCommand.run(new String[] {"export", "--package", json.toString(), "--dialect", dialect,
                "--out", dir.resolve("dist").toString(), "--version", "3"}, new PrintStream(new ByteArrayOutputStream()), new PrintStream(err));

        assertThat(code).as(err.toString()).isZero();
        Map<String, String> files = unzip(Files.readAllBytes(dir.resolve("dist/vessel-3-" + dialect + ".zip")));
        assertThat(files.get("manifest.json")).contains("\"dialect\": \"" + dialect + "\"");
        boolean microsoft = !"redshift".equals(dialect);
        assertThat(files.get("ddl/publish.D_VESSEL_SCD2.sql")).contains("    validity_status SMALLINT,\n",
                microsoft ? "    valid_from DATETIME2(6),\n" : "    valid_from TIMESTAMP,\n");
        assertThat(files.get("loads/load_d_vessel_scd2.sql")).contains(microsoft ? "HASHBYTES('MD5', " : "MD5(")
                .contains(microsoft ? "MERGE INTO publish.D_VESSEL_SCD2 trg USING publish.Z_SCD2_MERGE_D_VESSEL_SCD2 src"
                        : "MERGE INTO publish.D_VESSEL_SCD2 USING publish.Z_SCD2_MERGE_D_VESSEL_SCD2 src");
    }

    @Test
    void commandLineExplainsBadArgumentsAndBadPackages(@TempDir Path dir) throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream errors = new PrintStream(err);
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\"name\": \"x\", \"entities\": [{\"schema\": 1, \"attributes\": \"no\"}]}");

        assertThat(ExportCommand.run(new String[] {"export", "--dialect", "h2"}, System.out, errors)).isEqualTo(2);
        assertThat(ExportCommand.run(new String[] {"export", "--package", bad.toString(), "--dialect", "h2", "--out",
                dir.toString()}, System.out, errors)).isEqualTo(1);
        assertThat(ExportCommand.run(new String[] {"export", "--package", dir.resolve("none.json").toString(), "--dialect", "h2",
                "--out", dir.toString()}, System.out, errors)).isEqualTo(1);

        assertThat(err.toString()).contains("--package is required", "$.entities[0].attributes", "cannot read or write a file");
    }

    @Test
    void deeplyNestedOrOversizedJsonIsRefusedWithAReason() {
        String deep = "{\"name\":\"x\",\"loads\":[{\"options\":" + "[".repeat(200) + "]".repeat(200) + "}]}";

        assertThatThrownBy(() -> PackageJson.read(deep.getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(InvalidPackageException.class).hasMessageContaining("nested deeper than 32 levels");
        assertThatThrownBy(() -> PackageJson.read(new byte[PackageJson.MAX_BYTES + 1]))
                .isInstanceOf(InvalidPackageException.class).hasMessageContaining("at most " + PackageJson.MAX_BYTES);
    }

    private static PackageDocument.LoadDoc load(String name, String target, String... sources) {
        return new PackageDocument.LoadDoc(name, target, null, null, List.of(sources), Map.of(), List.of());
    }

    static Map<String, String> unzip(byte[] zip) throws Exception {
        Map<String, String> files = new LinkedHashMap<>();
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip))) {
            for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
                files.put(e.getName(), new String(in.readAllBytes(), StandardCharsets.UTF_8));
            }
        }
        return files;
    }
}
