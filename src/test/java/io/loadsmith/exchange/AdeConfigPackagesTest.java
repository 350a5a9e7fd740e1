package io.loadsmith.exchange;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.core.io.ClassPathResource;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.engine.DialectSyntax;
import io.loadsmith.engine.TestGenerators;
import io.loadsmith.engine.InMemoryTemplates;
import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.StepModel;
import io.loadsmith.generation.model.StepType;

class AdeConfigPackagesTest {

    private static byte[] resource(String name) throws Exception {
        return new ClassPathResource("ade/" + name).getContentAsByteArray();
    }

    @Test
    void entityDefaultsBecomeTypesAttributesAndOrderedDefaults() throws Exception {
        PackageDocument doc = AdeConfigPackages.read(resource("config_entity_defaults.json")).document();

        assertThat(doc.name()).isEqualTo("config_entity_defaults");
        PackageDocument.EntityTypeDoc stage = doc.entityTypes().get(0);
        assertThat(stage).extracting(PackageDocument.EntityTypeDoc::name, PackageDocument.EntityTypeDoc::namePrefix,
                PackageDocument.EntityTypeDoc::nameSuffix, PackageDocument.EntityTypeDoc::defaultSchema,
                PackageDocument.EntityTypeDoc::defaultPhysicalType)
                .containsExactly("STAGE", "STG_", "_TMP", "staging", "TABLE");
        // Ordered by the string positions "1", "2", "3", not by file order.
        assertThat(stage.defaultAttributes()).containsExactly(
                new PackageDocument.EntityTypeAttributeDoc("101", null),
                new PackageDocument.EntityTypeAttributeDoc("102", "CURRENT_TS"),
                new PackageDocument.EntityTypeAttributeDoc("103", null));
        assertThat(stage.loadTypes()).containsExactly(new PackageDocument.LoadTypeDoc("TABLE", "LOAD_FILE"));
        assertThat(doc.defaultAttributes()).contains(new PackageDocument.DefaultAttributeDoc("103",
                "stg_source_entity_<entity_name>", "VARCHAR", 200, null, null, true, "SDT_STAGE_SOURCE", "Source"));
        assertThat(doc.attributeTypes()).contains(new PackageDocument.AttributeTypeDoc("SDT_STAGE_SOURCE",
                "SDT_STAGE_BATCH_ID", null));
    }

    @Test
    void importedHashKeyFormulaRendersWithTheVariableContract() throws Exception {
        AdeConfigPackages.Imported imported = AdeConfigPackages.read(resource("config_load_transformations.json"));
        DocumentModels models = new DocumentModels(imported.document());
        TestGenerators generators = TestGenerators.with(List.of(models, new InMemoryTemplates()
                .add("hash_of_keys", "${loads.getTransformationForAttributes(\"HASH_KEY\", loads.getAttributesForType(model.load.target.attributes, \"BK\"), \"src\")}")));
        EntityModel target = new EntityModel("H_CUSTOMER", "CUSTOMER", "rdv", null, "TABLE", List.of(
                new AttributeModel("customer_no", "BK", "INTEGER8", null, null, null, true, null, null),
                new AttributeModel("changed_at", "BK", "TIMESTAMP", null, null, null, true, null, null)));
        LoadModel load = new LoadModel("load_h_customer", target, List.of(),
                List.of(new StepModel("hash", StepType.OVERRIDE, "SELECT <ftltemplate:hash_of_keys> FROM x src")),
                Map.of("OPT_HASH_SUFFIX", "v2"));

        String sql = generators.loads().generate(load, "postgresql", Map.of()).steps().get(0).sql();

        assertThat(sql).isEqualTo("SELECT MD5(UPPER(COALESCE(NULLIF(TRIM(CAST(src.customer_no AS VARCHAR)), ''), '-1')"
                + " || '~' || COALESCE(TO_CHAR(src.changed_at, 'YYYY-MM-DD\"T\"HH24:MI:SS.US'), '-1'))) || 'v2' FROM x src;");
        // MS_SQL is the sqlserver dialect now: its formula is imported, not passed over.
        assertThat(imported.skipped()).isEmpty();
    }

    /** The default configuration's formulas for the Microsoft engines and Redshift import under their dialects and render there. */
    @Test
    void theDefaultConfigurationsMicrosoftAndRedshiftFormulasRenderUnderTheirDialects() throws Exception {
        AdeConfigPackages.Imported imported = AdeConfigPackages.read(resource("default/CONFIG_LOAD_TRANSFORMATIONS.json"));
        TestGenerators generators = TestGenerators.with(List.of(new DocumentModels(imported.document()), new InMemoryTemplates()
                .add("hash_of_keys", "SELECT ${loads.getTransformationForAttributes(\"HASH_KEY\", loads.getAttributesForType(model.load.target.attributes, \"BK\"), \"src\")} AS h FROM x src")));
        EntityModel target = new EntityModel("H_CUSTOMER", "CUSTOMER", "rdv", null, "TABLE", List.of(
                new AttributeModel("customer_no", "BK", "VARCHAR", 20, null, null, true, null, null),
                new AttributeModel("region", "BK", "VARCHAR", 20, null, null, true, null, null)));
        LoadModel load = new LoadModel("load_h_customer", target, List.of(),
                List.of(new StepModel("hash", StepType.OVERRIDE, "<ftltemplate:hash_of_keys>")), Map.of());
        DialectRegistry dialects = new DialectRegistry();

        assertThat(imported.skipped()).isEmpty();
        for (String dialect : List.of("sqlserver", "redshift")) {
            String sql = generators.loads().generate(load, dialect, Map.of()).sql();
            assertThat(DialectSyntax.problems(sql, dialects.get(dialect))).as(sql).isEmpty();
            assertThat(sql).contains(dialect.equals("sqlserver")
                    ? "CONVERT(CHAR(32), HASHBYTES('MD5', customer_no + '~' + region), 2) AS h"
                    : "MD5(customer_no || '~' || region) AS h");
        }
    }

    @Test
    void everyProblemIsReportedAtItsPath() {
        String json = """
                {"packageName": "CONFIG_ENTITY_DEFAULTS",
                 "entityTypes": [{"description": 5}],
                 "defaultAttributes": [{"defaultAttributeId": "1", "attributeNameTemplate": "a", "datatype": "CHAR",
                                        "dataLength": "long", "isNullable": "yes"}],
                 "attributeTypes": "none"}""";

        assertThatThrownBy(() -> AdeConfigPackages.read(json.getBytes(StandardCharsets.UTF_8)))
                .isInstanceOfSatisfying(InvalidPackageException.class, e -> assertThat(e.problems()).extracting(
                        InvalidPackageException.Problem::toString).containsExactlyInAnyOrder(
                        "$.attributeTypes: must be a list",
                        "$.defaultAttributes[0].dataLength: must be a whole number, not '\"long\"'",
                        "$.defaultAttributes[0].isNullable: must be true or false, not \"yes\"",
                        "$.entityTypes[0].entityType: is required",
                        "$.entityTypes[0].description: must be a string, not number"));
    }
}
