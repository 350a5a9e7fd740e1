package io.loadsmith.robustness;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.core.io.ClassPathResource;

import io.loadsmith.exchange.PackageDocument;
import io.loadsmith.exchange.PackageJson;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The process killed (SIGKILL) in the middle of a large import: after a restart on the same H2
 * file the store holds the whole import or none of it, never a part.
 */
class KilledImportTest {

    /** Enough that the import (linear since issue 11.8, a few milliseconds per object) still runs at the kill. */
    private static final int ENTITIES = 2500;

    @Test
    void aKilledImportLeavesAllOrNothing(@TempDir Path dir) throws Exception {
        String store = "--spring.datasource.url=jdbc:h2:file:" + dir.resolve("loadsmith") + ";AUTO_SERVER=FALSE";
        byte[] big = PackageJson.write(bigPackage());
        CompletableFuture<HttpResponse<String>> importing;
        try (AppProcess app = AppProcess.start(dir.resolve("first.log"), store)) {
            importing = HttpClient.newHttpClient().sendAsync(HttpRequest.newBuilder(URI.create(app.url("/api/v1/packages/import")))
                    .header("Content-Type", "application/json").header("Authorization", app.bearer()).POST(HttpRequest.BodyPublishers.ofByteArray(big)).build(),
                    HttpResponse.BodyHandlers.ofString());
            waitUntilTheImportRuns(app);
            app.kill();
        }
        assertThat(importing.isDone() && !importing.isCompletedExceptionally() && importing.get().statusCode() == 200)
                .as("the import should still have been running when the process was killed").isFalse();

        try (AppProcess again = AppProcess.start(dir.resolve("second.log"), store)) {
            JsonNode packages = JsonMapper.builder().build().readTree(again.get("/api/v1/packages?name=bulk").body());
            String entities = again.get("/api/v1/entities?page=0&size=1&name=bulk.D_BULK_0").body();
            HttpResponse<String> all = again.get("/api/v1/entities?size=1");
            assertThat(all.statusCode()).as("GET /api/v1/entities?size=1 answered %s; the log ends: %s", all.body(),
                    tail(dir.resolve("second.log"))).isEqualTo(200);
            long count = Long.parseLong(all.headers().firstValue("X-Total-Count").orElse("-1"));
            // Nothing of the package survived: no package row, no entity; only the demo's nine entities are there
            // (the vessel dimension, the seven raw vault tables its load reads and the source staging.S_PORT).
            assertThat(packages.size()).isZero();
            assertThat(entities).isEqualTo("[]");
            assertThat(count).isEqualTo(9);
        }
    }

    private static String tail(Path log) throws java.io.IOException {
        List<String> lines = java.nio.file.Files.readAllLines(log);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }

    /**
     * Gives the import time to be well into its transaction (2,500 entities and loads take several seconds);
     * the assertion after the kill checks that it had not finished.
     */
    private static void waitUntilTheImportRuns(AppProcess app) throws InterruptedException {
        Thread.sleep(2500);
    }

    private static PackageDocument bigPackage() throws Exception {
        PackageDocument vessel = PackageJson.read(new ClassPathResource("packages/vessel.json").getContentAsByteArray());
        PackageDocument.EntityDoc entity = vessel.entities().get(0);
        PackageDocument.LoadDoc load = vessel.loads().get(0);
        List<PackageDocument.EntityDoc> entities = new ArrayList<>();
        List<PackageDocument.LoadDoc> loads = new ArrayList<>();
        for (int i = 0; i < ENTITIES; i++) {
            entities.add(new PackageDocument.EntityDoc("bulk", "D_BULK_" + i, "BULK", null, "TABLE", null, null,
                    entity.attributes()));
            loads.add(new PackageDocument.LoadDoc("load_bulk_" + i, "bulk.D_BULK_" + i, null, null, List.of(), null,
                    load.steps()));
        }
        return new PackageDocument(PackageDocument.FORMAT, "bulk", null, vessel.attributeTypes(), List.of(), List.of(),
                List.of(), List.of(), entities, loads, List.of());
    }
}
