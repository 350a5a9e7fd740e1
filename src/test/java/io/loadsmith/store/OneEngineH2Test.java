package io.loadsmith.store;

import static io.loadsmith.store.Api.obj;
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
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Import;
import org.springframework.http.HttpMethod;
import org.springframework.security.test.context.support.WithMockUser;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;

import io.loadsmith.exchange.PackageDocument;
import io.loadsmith.exchange.PackageJson;
import io.loadsmith.cli.ExportCommand;
import io.loadsmith.generation.catalog.LibraryTemplateSource;
import io.loadsmith.generation.catalog.TemplateDefinition;
import io.loadsmith.generation.catalog.TemplateKind;
import io.loadsmith.load.DraftTemplatePreview;

/**
 * Issue 12's acceptance: one load, a stored datatype mapping and a non-default full-refresh setting
 * (current-state allow; the default denies the rebuild of a history table), and the same SQL from
 * the preview, the draft template preview, the API's export and the command-line export.
 */
@SpringBootTest(properties = "loadsmith.full-refresh.current-state=allow")
@AutoConfigureMockMvc
@Import(SignedInMockMvc.class)
@WithMockUser(username = "admin", roles = "ADMIN")
class OneEngineH2Test {

    @Autowired
    private MockMvc mvc;
    @Autowired
    private DraftTemplatePreview draft;
    @Autowired
    private LibraryTemplateSource library;

    @DynamicPropertySource
    static void store(DynamicPropertyRegistry registry) {
        registry.add("spring.datasource.url", () -> "jdbc:h2:mem:oneengine;DB_CLOSE_DELAY=-1");
        registry.add("spring.flyway.locations", () -> "classpath:db/migration");
    }

    @Test
    void previewDraftPreviewApiAndCommandLineGiveTheSameSql(@TempDir Path dir) throws Exception {
        Api api = new Api(mvc);
        Api.Raw imported = api.raw(HttpMethod.POST, "/api/v1/packages/import", FullRefreshContract.document(null));
        assertThat(imported.status()).as(imported.text()).isEqualTo(200);
        api.create("/api/v1/datatype-mappings", obj("dialect", "postgresql", "logicalDatatype", "TIMESTAMP",
                "physicalPattern", "TIMESTAMP(6)"));
        long loadId = api.get("/api/v1/loads?name=fr_rebuild").get(0).get("id").asLong();
        String working = "/api/v1/packages/" + api.get("/api/v1/packages?name=frtest").get(0).get("id").asLong()
                + "/versions/working";

        String preview = api.text("/api/v1/loads/" + loadId + "/sql?dialect=postgresql");
        TemplateDefinition shipped = library.find(TemplateKind.TEMPLATE, "scd_hybrid_rebuild").orElseThrow();
        String draftPreview = draft.generate(loadId, "postgresql", shipped.name(), shipped.parameters(),
                shipped.variants()).sql();
        String apiExport = api.text(working + "/loads/fr_rebuild/sql?dialect=postgresql");

        Path document = dir.resolve("frtest.json");
        Files.write(document, api.raw(HttpMethod.GET, working, null).body());
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = ExportCommand.run(new String[] {"export", "--package", document.toString(), "--dialect", "postgresql",
                "--out", dir.resolve("out").toString(), "--full-refresh-current-state", "allow"},
                new PrintStream(new ByteArrayOutputStream()), new PrintStream(err));
        assertThat(exit).as(err.toString(StandardCharsets.UTF_8)).isZero();
        String commandLine = Files.readString(dir.resolve("out/loads/fr_rebuild.sql"));

        // The mapping and the setting both show, or the comparison would prove nothing.
        assertThat(preview).contains("AS TIMESTAMP(6))").contains("frdw.Z_NEW_FR_DIM_USER");
        assertThat(draftPreview).isEqualTo(preview);
        assertThat(apiExport).isEqualTo(preview);
        assertThat(commandLine).isEqualTo(preview);
    }

    /** The package format carries the mappings: what a document says is what the store holds after an import. */
    @Test
    void datatypeMappingsRoundTripThroughThePackageFormat() {
        Api api = new Api(mvc);
        assertThat(api.raw(HttpMethod.POST, "/api/v1/packages/import", FullRefreshContract.document(null)).status())
                .isEqualTo(200);
        String working = "/api/v1/packages/" + api.get("/api/v1/packages?name=frtest").get(0).get("id").asLong()
                + "/versions/working";
        PackageDocument before = PackageJson.read(api.raw(HttpMethod.GET, working, null).body());
        List<PackageDocument.DatatypeMappingDoc> mappings = new ArrayList<>(before.datatypeMappings());
        mappings.removeIf(m -> m.key().equals("duckdb/CHAR"));
        mappings.add(new PackageDocument.DatatypeMappingDoc("duckdb", "CHAR", "VARCHAR({length})"));
        PackageDocument edited = new PackageDocument(before.format(), before.name(), before.description(),
                before.attributeTypes(), before.defaultAttributes(), before.entityTypes(), before.transformationTypes(),
                before.templates(), before.entities(), before.loads(), before.environments(), before.presets(), mappings);

        Api.Raw imported = api.raw(HttpMethod.POST, "/api/v1/packages/import", PackageJson.write(edited));
        assertThat(imported.status()).as(imported.text()).isEqualTo(200);

        byte[] after = api.raw(HttpMethod.GET, working, null).body();
        assertThat(new String(after, StandardCharsets.UTF_8))
                .isEqualTo(new String(PackageJson.write(edited), StandardCharsets.UTF_8))
                .contains("\"datatypeMappings\"");
        assertThat(new String(PackageJson.write(new PackageDocument(PackageDocument.FORMAT, "empty", null, null, null,
                null, null, null, null, null, null)), StandardCharsets.UTF_8)).doesNotContain("datatypeMappings");
    }
}
