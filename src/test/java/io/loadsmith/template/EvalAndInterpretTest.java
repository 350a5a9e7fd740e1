package io.loadsmith.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.engine.InMemoryTemplates;
import io.loadsmith.engine.TestGenerators;
import io.loadsmith.engine.VesselFixture;
import io.loadsmith.generation.catalog.LibraryTemplateSource;
import io.loadsmith.generation.catalog.TemplateCatalog;
import io.loadsmith.generation.model.GenerationException;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.StepModel;
import io.loadsmith.generation.model.StepType;
import io.loadsmith.generation.render.FreemarkerEngine;

/**
 * {@code ?eval} and {@code ?interpret} have one rule, the engine's, read on FreeMarker's parse tree
 * ({@code TemplateBounds}): they run text made at run time, which no check sees before it runs, so
 * they are refused, at save and at render alike, with their place. Comment-like text around them
 * changes nothing either way: a comment opener inside a string once hid them from a textual reading
 * of the save path, so the same code was refused or saved by what stood beside it. Text that only
 * mentions them, in a comment or a string, is not code and saves and renders.
 */
class EvalAndInterpretTest {

    private static final DialectRegistry DIALECTS = new DialectRegistry();
    private static final TemplateTextCheck SAVE = new TemplateTextCheck(new FreemarkerEngine(
            new TemplateCatalog(List.of(new LibraryTemplateSource())), new LibraryTemplateSource()), DIALECTS);

    /** Comment-like text before and after: none, FreeMarker comments, SQL comments, openers in strings. */
    static List<String[]> surroundings() {
        return List.of(new String[] {"", ""},
                new String[] {"<#-- ?eval and ?interpret -->", ""},
                new String[] {"${'<#--'}", "${'-->'}"},
                new String[] {"-- ?eval\n", "\n/* ?interpret */"},
                new String[] {"${\"<#-- \"}", "<#-- -->"},
                new String[] {"<#-- [#-- --] -->", "${'[#--'}"});
    }

    @ParameterizedTest
    @MethodSource("surroundings")
    void refusedAtSaveAndAtRenderWhateverSurroundsThem(String before, String after) {
        for (String code : List.of("<#assign x = \"1+1\"?eval>${x}", "<#assign t = r\"${3*3}\"?interpret><@t/>",
                "${\"model.load.target['get' + 'Class']()\"?eval}")) {
            String text = before + code + after;
            assertThatThrownBy(() -> SAVE.check("probe", "variants", Map.of("default", text)))
                    .hasMessageContaining("runs text made at run time").hasMessageContaining("line ")
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("java.", "freemarker."));
            assertThatThrownBy(() -> render(text)).isInstanceOf(GenerationException.class)
                    .hasMessageContaining("runs text made at run time")
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("java.", "freemarker."));
        }
    }

    /** Named in a comment or a string they are text, not code: saved as written and rendered. */
    @ParameterizedTest
    @MethodSource("surroundings")
    void mentionedButNotCalledTheyAreJustText(String before, String after) throws Exception {
        String text = before + "${'x?eval'} <#-- y?interpret -->ok" + after;
        assertThat(SAVE.check("probe", "variants", Map.of("default", text))).containsEntry("default", text);
        assertThat(render(text)).contains("x?eval", "ok");
    }

    private static String render(String text) {
        TestGenerators generators = TestGenerators.with(List.of(new InMemoryTemplates().add("probe", text)));
        LoadModel base = VesselFixture.load(VesselFixture.SEED_CREATE_TEMP);
        LoadModel load = new LoadModel(base.name(), base.target(), List.of(),
                List.of(new StepModel("probe", StepType.OVERRIDE, "<ftltemplate:probe>")), Map.of());
        return generators.loads().generate(load, "h2", Map.of()).steps().get(0).sql();
    }
}
