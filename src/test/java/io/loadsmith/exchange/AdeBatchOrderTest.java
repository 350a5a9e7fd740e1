package io.loadsmith.exchange;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.junit.jupiter.api.Test;

/** Batches of configuration packages: dependency order, cycles, refusals at their place, zip limits. */
class AdeBatchOrderTest {

    private static String pkg(String name, String id, String... dependsOn) {
        StringBuilder deps = new StringBuilder();
        for (String d : dependsOn) {
            deps.append(deps.isEmpty() ? "" : ", ").append("{\"packageName\": \"").append(d)
                    .append("\", \"packageType\": \"CONFIG_PACKAGE\", \"dagLevel\": 0}");
        }
        return "{\"packageName\": \"" + name + "\", \"packageVersion\": \"1\", \"templateVersion\": \"2\","
                + " \"dataPackage\": {\"packageId\": \"" + id + "\", \"packageName\": \"" + name + "\", \"deleted\": false},"
                + " \"packageDependencies\": [" + deps + "]}";
    }

    private static List<String> names(List<AdeConfigPackages.Imported> packages) {
        return packages.stream().map(p -> p.header().packageName() + "@" + p.where()).toList();
    }

    @Test
    void packagesComeAfterWhatTheyDependOnOtherwiseAsGiven() {
        byte[] body = ("[" + pkg("C", "3", "B", "A") + ", " + pkg("X", "9") + ", " + pkg("B", "2", "A") + ", " + pkg("A", "1") + "]")
                .getBytes(StandardCharsets.UTF_8);

        assertThat(names(AdeConfigPackages.ordered(AdeConfigPackages.readArray(body), name -> false)))
                .containsExactly("X@$[1]", "A@$[3]", "B@$[2]", "C@$[0]");
    }

    @Test
    void aDependencyInTheStoreNeedNotBeInTheRequest() {
        byte[] body = ("[" + pkg("B", "2", "A") + "]").getBytes(StandardCharsets.UTF_8);

        assertThat(names(AdeConfigPackages.ordered(AdeConfigPackages.readArray(body), "a"::equals))).containsExactly("B@$[0]");
    }

    @Test
    void aCycleIsRefusedNamingItsPackages() {
        byte[] body = ("[" + pkg("A", "1", "B") + ", " + pkg("B", "2", "A") + "]").getBytes(StandardCharsets.UTF_8);

        assertThatThrownBy(() -> AdeConfigPackages.ordered(AdeConfigPackages.readArray(body), name -> false))
                .isInstanceOfSatisfying(InvalidPackageException.class, e -> assertThat(e.problems()).extracting(
                        InvalidPackageException.Problem::toString).containsExactly(
                        "$[0].packageDependencies: the packages A, B depend on each other in a cycle; none can be imported first"));
    }

    @Test
    void problemsOfEveryPackageAreReportedUnderItsPlace() {
        byte[] body = ("[" + pkg("A", "1") + ", {\"packageName\": 7}, " + pkg("A", "1") + "]").getBytes(StandardCharsets.UTF_8);

        assertThatThrownBy(() -> AdeConfigPackages.readArray(body))
                .isInstanceOfSatisfying(InvalidPackageException.class, e -> assertThat(e.problems()).extracting(
                        InvalidPackageException.Problem::toString).containsExactly("$[1].packageName: must be a string, not number"));
        assertThatThrownBy(() -> AdeConfigPackages.ordered(AdeConfigPackages.readArray(
                ("[" + pkg("A", "1") + ", " + pkg("A", "1") + "]").getBytes(StandardCharsets.UTF_8)), name -> false))
                .isInstanceOfSatisfying(InvalidPackageException.class, e -> assertThat(e.problems()).extracting(
                        InvalidPackageException.Problem::toString).containsExactly("$[1].packageName: package 'A' is given more than once"));
    }

    @Test
    void aZipIsReadByItsJsonFilesWithinLimits() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            zip.putNextEntry(new ZipEntry("pkgs/B.json"));
            zip.write(pkg("B", "2", "A").getBytes(StandardCharsets.UTF_8));
            zip.putNextEntry(new ZipEntry("pkgs/notes.txt"));
            zip.write("x".getBytes(StandardCharsets.UTF_8));
            zip.putNextEntry(new ZipEntry("pkgs/A.json"));
            zip.write(pkg("A", "1").getBytes(StandardCharsets.UTF_8));
        }

        assertThat(names(AdeConfigPackages.ordered(AdeConfigPackages.readZip(bytes.toByteArray()), name -> false)))
                .containsExactly("A@pkgs/A.json", "B@pkgs/B.json");
        assertThatThrownBy(() -> ZipPackages.files(bytes.toByteArray(), 10_000, 1)).isInstanceOfSatisfying(
                InvalidPackageException.class, e -> assertThat(e.problems().get(0).toString())
                        .isEqualTo("$: the zip holds more than 1 package files"));
    }

    @Test
    void aZipThatUnpacksTooFarOrIsNoZipIsRefused() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            zip.putNextEntry(new ZipEntry("big.json"));
            zip.write(new byte[100_000]);
        }

        assertThatThrownBy(() -> ZipPackages.files(bytes.toByteArray(), 10_000, 10)).isInstanceOfSatisfying(
                InvalidPackageException.class, e -> assertThat(e.problems().get(0).toString())
                        .isEqualTo("$: the zip unpacks to more than 10000 bytes"));
        assertThatThrownBy(() -> AdeConfigPackages.readZip("{}".getBytes(StandardCharsets.UTF_8))).isInstanceOfSatisfying(
                InvalidPackageException.class, e -> assertThat(e.problems().get(0).toString())
                        .isEqualTo("$: the zip holds no package file (.json)"));
    }
}
