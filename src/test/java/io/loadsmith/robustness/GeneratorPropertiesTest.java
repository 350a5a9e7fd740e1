package io.loadsmith.robustness;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import io.loadsmith.engine.InMemoryTemplates;
import io.loadsmith.engine.TestGenerators;
import io.loadsmith.engine.VesselFixture;
import io.loadsmith.generation.catalog.TemplateRejectedException;
import io.loadsmith.generation.catalog.TemplateSandbox;
import io.loadsmith.generation.model.GenerationException;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.StepModel;
import io.loadsmith.generation.model.StepType;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Random step texts and template texts, built from the pieces that matter (calls, escapes,
 * FreeMarker tags, built-ins) and noise: generation either succeeds or fails with a
 * GenerationException that has a message; nothing else ever escapes.
 */
class GeneratorPropertiesTest {

    private static final List<String> STEP_PIECES = List.of("<ftltemplate:", "scd2", ":", "=", ">", "\\", "\"\"\"",
            "temp_table_prefix", "Z_", "<target_schema>", "\\<", "\\>", "\\:", "\n", " ", "SELECT 1", "<", "a=b",
            "<ftltemplate:echo:v=", "x", "\u00e9", "<ftltemplate:scd2:temp_table_prefix=Z_TMP_>");

    private static final List<String> FTL_PIECES = List.of("${", "}", "<#if ", "</#if>", "<#list ", " as x>", "</#list>",
            "v", "model.load.target.name", "loads.getAttributeForType(model.load.target.attributes, \"SCD_ID\").name",
            "?new()", "?api", "?c", "!", "(", ")", "\"", "'", "1..3", "<@sql.generateEntityAttributeList attributes=model.load.target.attributes/>",
            "${fn.nvl(\"a\", \"b\")}", "${fn.nope(1)}", "<#assign a = 1>", "${a + 1}", "<#include \"/lib/hash.ftl\">",
            "<#macro m>", "</#macro>", "<@m/>", "\n", " ", "SELECT", "${x!}", "${model.nothing.here}", "[=", "]");

    @Provide
    Arbitrary<String> stepTexts() {
        return Arbitraries.of(STEP_PIECES).list().ofMaxSize(12).map(pieces -> String.join("", pieces));
    }

    @Provide
    Arbitrary<String> templateTexts() {
        return Arbitraries.of(FTL_PIECES).list().ofMaxSize(14).map(pieces -> String.join("", pieces));
    }

    @Property(tries = 300)
    void anyStepTextGeneratesOrFailsWithAMessage(@ForAll("stepTexts") String text) {
        TestGenerators generators = TestGenerators.with(List.of(new InMemoryTemplates().add("echo", "[${v!}]",
                new io.loadsmith.generation.catalog.ParameterDefinition("v", io.loadsmith.generation.catalog.ParameterType.STRING, false, null, ""))));
        expectGenerationOrItsException(generators, text);
    }

    @Property(tries = 300)
    void anyTemplateTextIsRefusedAtSaveOrRendersOrFailsWithAMessage(@ForAll("templateTexts") String template) {
        try {
            TemplateSandbox.check("random", "default", template);
        } catch (TemplateRejectedException refused) {
            assertThat(refused.getMessage()).isNotBlank();
            return;
        }
        TestGenerators generators = TestGenerators.with(List.of(new InMemoryTemplates().add("random", template)));
        expectGenerationOrItsException(generators, "<ftltemplate:random>");
    }

    private static void expectGenerationOrItsException(TestGenerators generators, String stepText) {
        LoadModel base = VesselFixture.load(VesselFixture.SEED_CREATE_TEMP);
        LoadModel load = new LoadModel(base.name(), base.target(), List.of(),
                List.of(new StepModel("random", StepType.OVERRIDE, stepText)), Map.of());
        try {
            assertThat(generators.loads().generate(load, "snowflake", Map.of()).sql()).isNotNull();
        } catch (GenerationException e) {
            assertThat(e.getMessage()).startsWith("Load 'load_d_vessel_scd2', step 1 'random'");
            assertThat(e.detail()).isNotBlank().doesNotContain("\tat ", "Exception:", "java.", "freemarker.");
        }
    }
}
