package io.loadsmith.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.loadsmith.exchange.PackageJson;
import io.loadsmith.generation.EngineFactory;
import io.loadsmith.generation.EngineSettings;
import io.loadsmith.generation.GenerationOptions;

/**
 * The zip written from files deflated beforehand is the zip that java.util.zip wrote before
 * issue 18.5, byte for byte: the SQL packages of all versions keep their bytes and hashes.
 */
class ZipWriterTest {

    private final SqlPackageExporter exporter = new SqlPackageExporter(EngineFactory.standalone(),
            EngineSettings.defaults());

    @Test
    void theVesselPackageHasTheBytesZipOutputStreamGaveItEitherWayItIsDeflated() throws Exception {
        SqlPackage sql = exporter.build(PackageJson.read(SqlPackageExportTest.vesselJson()), "1", "postgresql", null);
        byte[] before = zipOutputStream(SqlPackageExporter.manifest(sql), sql.files());

        ByteArrayOutputStream deflatedAsGenerated = new ByteArrayOutputStream();
        exporter.writeZip(exporter.deflated(PackageJson.read(SqlPackageExportTest.vesselJson()), "1", "postgresql",
                null, GenerationOptions.NONE), deflatedAsGenerated);

        assertThat(exporter.zip(sql)).isEqualTo(before);
        assertThat(deflatedAsGenerated.toByteArray()).isEqualTo(before);
    }

    /** Past 65,535 entries both write zip64 end records; empty, non-ASCII and incompressible files too. */
    @Test
    void manyOddFilesGiveTheSameBytesAndZipFileReadsThem(@TempDir Path dir) throws Exception {
        Random random = new Random(18_5);
        StringBuilder noise = new StringBuilder();
        for (int i = 0; i < 300_000; i++) {
            noise.append((char) (32 + random.nextInt(0x2000)));
        }
        List<SqlPackage.File> files = new ArrayList<>();
        files.add(new SqlPackage.File("loads/empty.sql", "load", "empty", ""));
        files.add(new SqlPackage.File("loads/ünïcode_表.sql", "load", "ünïcode_表", "SELECT 'ø€表';\n"));
        files.add(new SqlPackage.File("loads/noise.sql", "load", "noise", noise.toString()));
        files.add(new SqlPackage.File("loads/long.sql", "load", "long", "SELECT 1;\n".repeat(200_000)));
        for (int i = 0; i < 70_000; i++) {
            files.add(SqlPackage.File.load("l" + i, "SELECT " + i + " FROM t" + (i % 97) + ";\n"));
        }
        SqlPackage sql = new SqlPackage(files, new SqlPackage.Manifest(SqlPackage.Manifest.FORMAT, "odd", "1", "h2",
                null, List.of()));

        byte[] written = exporter.zip(sql);

        // Not isEqualTo: a failure would print megabytes.
        assertThat(Arrays.equals(written, zipOutputStream(SqlPackageExporter.manifest(sql), files)))
                .as("the same bytes as ZipOutputStream").isTrue();
        Path file = Files.write(dir.resolve("odd.zip"), written);
        try (ZipFile zip = new ZipFile(file.toFile(), StandardCharsets.UTF_8)) {
            assertThat(zip.size()).isEqualTo(files.size() + 1);
            assertThat(new String(zip.getInputStream(zip.getEntry("loads/noise.sql")).readAllBytes(),
                    StandardCharsets.UTF_8)).isEqualTo(noise.toString());
            assertThat(new String(zip.getInputStream(zip.getEntry("loads/ünïcode_表.sql")).readAllBytes(),
                    StandardCharsets.UTF_8)).isEqualTo("SELECT 'ø€表';\n");
            assertThat(zip.getInputStream(zip.getEntry("loads/empty.sql")).readAllBytes()).isEmpty();
        }
    }

    /** How SqlPackageExporter wrote its zip until issue 18.5, kept here as the reference. */
    private static byte[] zipOutputStream(String manifest, List<SqlPackage.File> files) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes, StandardCharsets.UTF_8)) {
            zip.setLevel(Deflater.BEST_SPEED);
            entry(zip, "manifest.json", manifest);
            for (SqlPackage.File file : files) {
                entry(zip, file.path(), file.content());
            }
        }
        return bytes.toByteArray();
    }

    private static void entry(ZipOutputStream zip, String path, String content) throws IOException {
        ZipEntry entry = new ZipEntry(path);
        entry.setTimeLocal(LocalDateTime.of(2000, 1, 1, 0, 0));
        zip.putNextEntry(entry);
        zip.write(content.getBytes(StandardCharsets.UTF_8));
        zip.closeEntry();
    }
}
