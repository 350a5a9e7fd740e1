package io.loadsmith.generation.catalog;


import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.loadsmith.engine.TestGenerators;
import io.loadsmith.engine.InMemoryTemplates;
import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.StepModel;
import io.loadsmith.generation.model.StepType;

/**
 * A transformation type without a formula for the dialect renders as its run-time value: a quoted
 * placeholder the generator, the environment or the runner resolves, or the dialect's current time.
 */
class RuntimeTransformationTypesTest {

    private static final EntityModel TARGET = new EntityModel("H_CUSTOMER", "CUSTOMER", "rdv", "HUB", "TABLE", List.of(
            new AttributeModel("customer_no", "BUSINESS_KEY", "INTEGER8", null, null, null, false, null, null)));

    private static String render(InMemoryTemplates templates, String expression, String dialect, Map<String, String> environment) {
        TestGenerators generators = TestGenerators.with(List.of(templates.add("t", expression)));
        LoadModel load = new LoadModel("load_h_customer", TARGET, List.of(),
                List.of(new StepModel("s", StepType.OVERRIDE, "SELECT <ftltemplate:t>")), Map.of());
        return generators.loads().generate(load, dialect, environment).steps().get(0).sql();
    }

    private static TemplateDefinition named(String type, Map<String, String> formulas) {
        return new TemplateDefinition(TemplateKind.FORMULA, type, "", List.of(), formulas, "test");
    }

    @Test
    void aTypeWithoutFormulasIsItsPlaceholderQuotedAndTheEnvironmentResolvesIt() {
        InMemoryTemplates templates = new InMemoryTemplates().add(named("RUN_ID", Map.of())).add(named("LOAD_NAME", Map.of()))
                .add(named("DV_STATUS", Map.of()));
        String expression = "${loads.getTransformationForAttributes(\"RUN_ID\", [])}, "
                + "${loads.getTransformationForAttributes(\"LOAD_NAME\", [])}, "
                + "${loads.getTransformationForAttributes(\"DV_STATUS\", [])}";

        assertThat(render(templates, expression, "snowflake", Map.of()))
                .isEqualTo("SELECT '<run_id>', 'load_h_customer', '<dv_status>';");
        assertThat(render(templates, expression, "postgresql", Map.of("run_id", "42")))
                .isEqualTo("SELECT '42', 'load_h_customer', '<dv_status>';");
    }

    @Test
    void theCommercialToolsLoadnamePlaceholderInAFormulaIsTheLoadsName() {
        InMemoryTemplates templates = new InMemoryTemplates().add(named("LOAD_NAME", Map.of("default", "'<loadname>'")));

        assertThat(render(templates, "${loads.getTransformationForAttributes(\"LOAD_NAME\", [])}", "duckdb", Map.of()))
                .isEqualTo("SELECT 'load_h_customer';");
    }

    @Test
    void aTimeTypeIsTheDialectsCurrentTimestamp() {
        InMemoryTemplates templates = new InMemoryTemplates().add(named("LOAD_TIME", Map.of()));

        assertThat(render(templates, "${loads.getTransformationForAttributes(\"LOAD_TIME\", [])}", "snowflake", Map.of()))
                .isEqualTo("SELECT CURRENT_TIMESTAMP;");
    }

    @Test
    void aTypeWithFormulasForOtherDialectsOnlyIsARunTimeValueForThisOne() {
        InMemoryTemplates templates = new InMemoryTemplates().add(named("PACKAGE_VERSION", Map.of("bigquery", "'v${1 + 1}'")));
        String expression = "${loads.getTransformationForAttributes(\"PACKAGE_VERSION\", [])}";

        assertThat(render(templates, expression, "bigquery", Map.of())).isEqualTo("SELECT 'v2';");
        assertThat(render(templates, expression, "snowflake", Map.of("package_version", "1.4.0")))
                .isEqualTo("SELECT '1.4.0';");
    }

    @Test
    void aTypeStoredWithoutFormulasKeepsTheLibrarysFormulas() {
        InMemoryTemplates templates = new InMemoryTemplates().add(named("CURRENT_TS", Map.of()));

        assertThat(render(templates, "${loads.getTransformationForAttributes(\"CURRENT_TS\", [])}", "postgresql", Map.of()))
                .isEqualTo("SELECT CURRENT_TIMESTAMP;");
        assertThat(RuntimeValues.describe("RUN_ID")).isEqualTo("'<run_id>'");
    }

    @Test
    void aStoredTypeWithFormulasForOtherDialectsOnlyKeepsTheLibrarysFormulaForThisOne() {
        // As the commercial tool's default configuration imports HASH_KEY: formulas for other products only.
        InMemoryTemplates templates = new InMemoryTemplates().add(named("HASH_KEY", Map.of("snowflake", "'team'")));
        String expression = "${loads.getTransformationForAttributes(\"HASH_KEY\", [])}";

        assertThat(render(templates, expression, "snowflake", Map.of())).isEqualTo("SELECT 'team';");
        // Not the run-time value '<hash_key>': the library's HASH_KEY (MD5 of no parts here).
        assertThat(render(templates, expression, "postgresql", Map.of())).startsWith("SELECT MD5(");
        assertThat(render(templates, expression, "h2", Map.of())).doesNotContain("<hash_key>");
    }
}
