package io.loadsmith.dialect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.core.io.ClassPathResource;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

import io.loadsmith.engine.VesselFixture;
import io.loadsmith.generation.EngineFactory;
import io.loadsmith.generation.EngineSettings;
import io.loadsmith.generation.LoadSqlGenerator;
import io.loadsmith.generation.catalog.LibraryTemplateSource;
import io.loadsmith.generation.model.GenerationException;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.StepModel;
import io.loadsmith.generation.model.StepType;
import io.loadsmith.generation.render.RenderGuard;

/**
 * A template that a dialect cannot express is refused at generation, naming the dialect and the
 * capability it lacks. None of the shipped dialects lacks MERGE, so the test makes one that does,
 * from the shipped ansi.yaml.
 */
class MissingCapabilityTest {

    @SuppressWarnings("unchecked")
    static LoadSqlGenerator generatorWith(Map<String, Object> dialect) throws IOException {
        Map<String, Map<String, Object>> definitions = new LinkedHashMap<>();
        try (InputStream in = new ClassPathResource("templates-library/dialects/ansi.yaml").getInputStream()) {
            definitions.put("ansi", new Yaml(new SafeConstructor(new LoaderOptions())).load(in));
        }
        definitions.put((String) dialect.get("name"), dialect);
        return new EngineFactory(new LibraryTemplateSource(), new DialectRegistry(definitions), RenderGuard.shared())
                .build(EngineSettings.defaults()).loads();
    }

    static LoadModel withStep(String step) {
        return new LoadModel("load_d_vessel_scd2", VesselFixture.target(), List.of(),
                List.of(new StepModel("merge", StepType.OVERRIDE, step)), Map.of());
    }

    @Test
    void scd2OnADialectWithoutMergeIsRefusedNamingTheDialectAndTheCapability() throws IOException {
        LoadSqlGenerator generator = generatorWith(Map.of("name", "nomerge", "label", "No MERGE", "parent", "ansi",
                "capabilities", Map.of("merge", false)));

        assertThatThrownBy(() -> generator.generate(withStep("<ftltemplate:scd2:temp_table_prefix=Z_TMP_>"), "nomerge", Map.of()))
                .isInstanceOfSatisfying(GenerationException.class, e -> assertThat(e.getMessage())
                        .contains("load_d_vessel_scd2", "the scd2 template", "needs the capability merge",
                                "the dialect nomerge (No MERGE) lacks")
                        .doesNotContain("Exception", "freemarker"));
    }

    @Test
    void theSameDialectWithMergeGenerates() throws IOException {
        LoadSqlGenerator generator = generatorWith(Map.of("name", "withmerge", "label", "With MERGE", "parent", "ansi"));

        assertThat(generator.generate(withStep("<ftltemplate:scd2:temp_table_prefix=Z_TMP_>"), "withmerge", Map.of()).sql())
                .contains("MERGE INTO publish.D_VESSEL_SCD2 trg");
    }
}
