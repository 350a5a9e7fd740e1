package io.loadsmith.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.engine.TestGenerators;
import io.loadsmith.engine.VesselFixture;
import io.loadsmith.generation.GenerationException;
import io.loadsmith.generation.InMemoryTemplates;
import io.loadsmith.generation.catalog.LibraryTemplateSource;
import io.loadsmith.generation.catalog.TemplateCatalog;
import io.loadsmith.generation.FreemarkerEngine;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.StepModel;
import io.loadsmith.generation.model.StepType;

/**
 * {@code ?eval} and {@code ?interpret} have one rule, the engine's: what they run obeys the same
 * configuration as any template text. So a template behaves the same whatever comment-like text
 * stands around them; the save path no longer reads the text for them (a comment opener inside a
 * string hid them from that reading, so the same code was refused or saved by what stood beside it).
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

    static List<Object[]> cases() {
        List<Object[]> cases = new java.util.ArrayList<>();
        for (String[] around : surroundings()) {
            cases.add(new Object[] {around[0] + "<#assign x = \"1+1\"?eval>${x}" + around[1], "2"});
            cases.add(new Object[] {around[0] + "<#assign t = r\"${3*3}\"?interpret><@t/>" + around[1], "9"});
        }
        return cases;
    }

    @ParameterizedTest
    @MethodSource("cases")
    void savedAndRenderedAlikeWhateverSurroundsThem(String text, String value) throws Exception {
        assertThat(SAVE.check("probe", "variants", Map.of("default", text))).containsEntry("default", text);
        assertThat(render(text)).contains(value);
    }

    /** What they run meets the engine's rules: a Java member is refused at run time, whatever surrounds it. */
    @ParameterizedTest
    @MethodSource("surroundings")
    void whatTheyRunObeysTheEngine(String before, String after) {
        // The member's name is built at run time: no reading of the text sees it, only the engine can.
        for (String code : List.of("${\"model.load.target['get' + 'Class']()\"?eval}",
                "<#assign t = r\"${model.load.target['get' + 'Class']()}\"?interpret><@t/>")) {
            String text = before + code + after;
            SAVE.check("probe", "variants", Map.of("default", text));
            assertThatThrownBy(() -> render(text)).isInstanceOf(GenerationException.class)
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("java."));
        }
    }

    private static String render(String text) {
        TestGenerators generators = TestGenerators.with(List.of(new InMemoryTemplates().add("probe", text)));
        LoadModel base = VesselFixture.load(VesselFixture.SEED_CREATE_TEMP);
        LoadModel load = new LoadModel(base.name(), base.target(), List.of(),
                List.of(new StepModel("probe", StepType.OVERRIDE, "<ftltemplate:probe>")), Map.of());
        return generators.loads().generate(load, "h2", Map.of()).steps().get(0).sql();
    }
}
