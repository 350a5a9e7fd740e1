package io.loadsmith.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

import io.loadsmith.exchange.CanonicalJson;
import tools.jackson.databind.JsonNode;

/**
 * The OpenAPI document is kept in src/test/resources/openapi/api-docs.json so that every API
 * change shows in review. To accept a change: mvn test -Dtest=OpenApiSnapshotTest -Dopenapi.update=true
 */
class OpenApiSnapshotTest extends H2StoreTest {

    private static final Path SNAPSHOT = Path.of("src/test/resources/openapi/api-docs.json");

    @Test
    void everyOperationHasAUniqueOperationIdAndTheDocumentMatchesTheSnapshot() throws Exception {
        Api.Raw answer = api().raw(HttpMethod.GET, "/v3/api-docs", null);
        assertThat(answer.status()).isEqualTo(200);
        JsonNode doc = Api.JSON.readTree(answer.text());

        List<String> missing = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        List<String> duplicates = new ArrayList<>();
        doc.get("paths").properties().forEach(path -> path.getValue().properties().forEach(op -> {
            JsonNode id = op.getValue().get("operationId");
            if (id == null || id.asString().isBlank()) {
                missing.add(op.getKey().toUpperCase() + " " + path.getKey());
            } else if (!ids.add(id.asString())) {
                duplicates.add(id.asString());
            }
        }));
        assertThat(missing).as("operations without an operationId").isEmpty();
        assertThat(duplicates).as("operationIds used twice").isEmpty();
        assertThat(ids).contains("downloadSqlPackage", "commitPackage", "importPackage", "listLoad", "sqlLoad");

        String current = CanonicalJson.write(Api.JSON.treeToValue(doc, Object.class));
        if (Boolean.getBoolean("openapi.update")) {
            Files.createDirectories(SNAPSHOT.getParent());
            Files.writeString(SNAPSHOT, current);
        }
        assertThat(SNAPSHOT).as("no snapshot yet: run with -Dopenapi.update=true and commit it").exists();
        assertThat(current).as("the API changed: review the diff and rerun with -Dopenapi.update=true to accept it")
                .isEqualTo(Files.readString(SNAPSHOT, StandardCharsets.UTF_8));
    }

    @Test
    void swaggerUiIsServed() throws Exception {
        Api.Raw redirect = api().raw(HttpMethod.GET, "/swagger-ui.html", null);
        assertThat(redirect.status()).isIn(200, 302);
        Api.Raw page = api().raw(HttpMethod.GET, "/swagger-ui/index.html", null);
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.text()).contains("Swagger UI");
    }
}
