package io.loadsmith.generation.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.engine.InMemoryTemplates;
import io.loadsmith.engine.VesselFixture;
import io.loadsmith.generation.DatatypeOverrides;
import io.loadsmith.generation.LoadSqlGenerator;
import io.loadsmith.generation.ModelLocalizer;
import io.loadsmith.generation.catalog.LibraryTemplateSource;
import io.loadsmith.generation.catalog.TemplateCatalog;
import io.loadsmith.generation.model.GenerationException;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.StepModel;
import io.loadsmith.generation.model.StepType;

/**
 * The engine's sandbox as a property of its configuration: whatever a template's text looks like
 * (brackets, names built at run time, text made by ?interpret), it reaches no Java member, no file
 * or other template, writes no engine message into SQL, and every render ends within its limits
 * (time, allocation, recursion) with a message and without harming renders beside it.
 */
public class EngineSandboxTest {

    private static final LibraryTemplateSource LIBRARY = new LibraryTemplateSource();
    private static final DialectRegistry DIALECTS = new DialectRegistry();
    /** Short limits so the runaway cases are quick; the application's are 10 s of processor time and 512 MB. */
    private static final Duration LIMIT = Duration.ofSeconds(2);
    private static final RenderGuard GUARD = new RenderGuard(new RenderGuard.Limits(LIMIT, 64L * 1024 * 1024),
            new RenderGuard.Pool(2, 4, Duration.ofMinutes(5)));
    private static final ExecutorService OTHERS = Executors.newFixedThreadPool(2);

    @org.junit.jupiter.api.BeforeAll
    static void warmUp() throws Exception {
        // The first render of a JVM loads and initialises the engine's classes: not what the limit is about.
        new FreemarkerEngine(new TemplateCatalog(List.of(LIBRARY)), LIBRARY, RenderGuard.shared());
        RenderGuard.shared().run(() -> render("<#import \"/lib/load.ftl\" as l>${model.load.target.name}"));
    }

    /** Texts that try to reach Java: each must render to an error, never to what it reaches. */
    static List<String> reflection() {
        return List.of(
                "${model[\"load\"][\"target\"][\"getClass\"]()[\"getProtectionDomain\"]()}",
                "${model.load.target[\"getClass\"]()}",
                "${model.load.target[\"class\"]}",
                "${.locale_object[\"class\"]}",
                "${.locale_object.getDisplayName()}",
                "${model.load.target[\"getClass\"]()[\"getDeclaredFields\"]()[0]}",
                "${model.load.target[\"getClass\"]()[\"getPackage\"]()}",
                "<#assign n = \"get\" + \"Class\">${model.load.target[n]()}",
                "[#assign n = \"getC\" + \"lass\"][#assign x = model.load.target[n]()]${x}",
                "${model.load.attributes?first[\"hashCode\"]()}",
                "${model.load.steps[0].type[\"getDeclaringClass\"]()}",
                "${\"model.load.target['getClass']()\"?eval}",
                "${\"$\" + \"{model.load.target['getClass']()}\"}${(\"<#assign x=model.load.target['get'+'Class']()>${x}\")?interpret}",
                "${loads[\"getClass\"]()}",
                "${fn[\"getClass\"]()}");
    }

    @ParameterizedTest
    @MethodSource("reflection")
    void noJavaMemberIsReachable(String text) {
        assertRefusedWithoutLeak(text);
    }

    static List<String> otherText() {
        return List.of(
                "<#include \"/lib/\" + \"../templates/scd2\">",
                "<#include \"../\" + \"templates/scd2\">",
                "<#include \"/templates/scd2\">",
                "<#import \"/formulas/HASH_KEY\" as f>",
                "<#assign t = .get_optional_template(\"/templates/\" + \"scd2\")>${t.exists?c}${t.include!}",
                "<#assign t = .get_optional_template(\"../../../../etc/passwd\")>${t.exists?then(t.include, 'no')}",
                "<#include \"/lib/../../pom.xml\">",
                "<#include \"classpath:application.properties\">");
    }

    @ParameterizedTest
    @MethodSource("otherText")
    void includesReachOnlyTheLibrarysSharedFiles(String text) throws Exception {
        try {
            String sql = render(text);
            // get_optional_template of a missing name renders its fallback: nothing was read.
            assertThat(sql).doesNotContain("MERGE", "root:", "spring.", "<?xml").isIn("false", "no", "");
        } catch (GenerationException e) {
            assertNoLeak(e.detail());
        }
    }

    @Test
    void aRecordIsNoTextAndItsRefusalNamesNoJavaClass() {
        // Printed, a record was "[toString not exposed]" in the SQL; now it is an error that says it is a hash.
        assertThatThrownBy(() -> render("${model.load.target} ${model.load}")).isInstanceOf(GenerationException.class)
                .satisfies(e -> assertThat(((GenerationException) e).detail()).contains("evaluated to an extended_hash")
                        .doesNotContain("Model", "io.", "[name=", "toString"));
    }

    @Test
    void theLibrarysSharedFilesStillInclude() throws Exception {
        assertThat(render("<#import \"/lib/load.ftl\" as l>${l.lit(\"it's\")}")).isEqualTo("'it''s'");
    }

    @Test
    void recordComponentsAndEnumNamesStayReadable() throws Exception {
        assertThat(render("${model.load.target.name}|${model.load.steps[0].type}|${model.load.steps[0].type.name()}"))
                .isEqualTo("D_VESSEL_SCD2|OVERRIDE|OVERRIDE");
    }

    @Test
    void attemptCannotWriteEngineMessagesIntoSql() {
        assertRefusedWithoutLeak("<#attempt>${1 + []}<#recover>${.error}</#attempt>");
        assertRefusedWithoutLeak("<@r\"<#attempt>${1+[]}<#recover>${.error}</#attempt>\"?interpret/>");
        assertRefusedWithoutLeak("[#ftl][#attempt]${1 + []}[#recover]${.error}[/#attempt]");
    }

    /** Renders that would run for ever: stopped at an element boundary by the processor-time budget or the nesting limit. */
    static List<String> endless() {
        return List.of(
                "<#list 1..30000 as i><#list 1..100000 as j></#list></#list>",
                "<#list 1..2000000000 as i><#assign x = i></#list>",
                "<#list 1.. as i></#list>",
                "[#ftl][#list 1.. as i][/#list]",
                "<#macro r n><@r n + 1/></#macro><@r 1/>",
                "<#function f n><#return f(n + 1)></#function>${f(1)}",
                "<#macro r n><#list 1..2 as i><@r n + 1/></#list></#macro><@r 1/>",
                // JSON nested past any stack: the one case left to the StackOverflowError (the JSON reader is FreeMarker's own, its state local).
                "${\"" + "[".repeat(200_000) + "]".repeat(200_000) + "\"?eval_json?size}");
    }

    /** Renders that would fill the heap: stopped by the allocation budget at the next element. */
    static List<String> hungry() {
        return List.of(
                "<#assign s = \"xx\"><#list 1..64 as i><#assign s = s + s></#list>${s?length}",
                "<#assign s = \"x\"?left_pad(1000, \"x\")><#list 1.. as i><#assign s = s + s?substring(0, 1000)></#list>",
                "<#assign h = {}><#list 1..100000000 as i><#assign h = h + {\"k\" + i: i}></#list>${h?size}",
                "<#assign l = []><#list 1..100000000 as i><#assign l = l + [i]></#list>${l?size}");
    }

    @ParameterizedTest
    @MethodSource("endless")
    void everyEndlessRenderIsStoppedAndOthersGoOn(String text) throws Exception {
        assertStoppedWhileOthersGoOn(text);
    }

    @ParameterizedTest
    @MethodSource("hungry")
    void everyMemoryHungryRenderIsStoppedAndOthersGoOn(String text) throws Exception {
        assertStoppedWhileOthersGoOn(text);
    }

    // What would run or grow inside one element (a backtracking regex, (1..n)?join, ?left_pad(1e9), ?eval)
    // was stopped here by a thread stop; it is refused before it runs now: TemplateBoundsTest.

    /** No timing here: the budget is processor time, and how long that takes on the clock depends on the machine. */
    private static void assertStoppedWhileOthersGoOn(String text) throws Exception {
        Future<String> beside = OTHERS.submit(() -> render("${model.load.target.name}"));
        assertThatThrownBy(() -> render(text))
                .isInstanceOf(GenerationException.class)
                .satisfies(e -> assertThat(((GenerationException) e).detail()).containsIgnoringCase("rendering was stopped"))
                .satisfies(e -> assertNoLeak(((GenerationException) e).detail()));
        assertThat(beside.get(5, TimeUnit.MINUTES)).isEqualTo("D_VESSEL_SCD2");
        assertThat(Thread.interrupted()).as("the caller's thread is handed back clean").isFalse();
        assertThat(render("${model.load.name}")).isEqualTo(VesselFixture.load(VesselFixture.SEED_CREATE_TEMP).name());
    }

    @Test
    void deepNestingIsRefusedWhenParsed() {
        FreemarkerEngine engine = engine(new InMemoryTemplates());
        String text = "<#if true>".repeat(100) + "x" + "</#if>".repeat(100);
        assertThatThrownBy(() -> engine.parse(DIALECTS.get("h2"), "deep", text))
                .hasMessageContaining("nested more than");
        String expression = "${" + "(".repeat(100_000) + "1" + ")".repeat(100_000) + "}";
        assertThatThrownBy(() -> engine.parse(DIALECTS.get("h2"), "deep", expression))
                .isInstanceOf(RenderGuard.Stopped.class)
                .hasMessageContaining("too deeply");
    }

    @AfterAll
    static void stopOthers() {
        OTHERS.shutdownNow();
    }

    private static void assertRefusedWithoutLeak(String text) {
        assertThatThrownBy(() -> render(text))
                .isInstanceOf(GenerationException.class)
                .satisfies(e -> assertNoLeak(((GenerationException) e).detail()));
    }

    public static void assertNoLeak(String message) {
        assertThat(message).isNotBlank()
                .doesNotContainIgnoringCase("java.", "freemarker.", "io.loadsmith", "ClassLoader", "ProtectionDomain",
                        "jar:", "file:", ".class", "wrapper:")
                .doesNotContain("f.t.", "f.e.b.", "f.c.", "Exception", "Error", "@");
    }

    /** The text as the one template of a load step, rendered for H2 under this test's short limits. */
    public static String render(String text) {
        FreemarkerEngine engine = engine(new InMemoryTemplates().add("probe", text));
        LoadModel base = VesselFixture.load(VesselFixture.SEED_CREATE_TEMP);
        LoadModel load = new LoadModel(base.name(), base.target(), List.of(),
                List.of(new StepModel("probe", StepType.OVERRIDE, "<ftltemplate:probe>")), Map.of());
        String sql = new LoadSqlGenerator(engine, DIALECTS, new ModelLocalizer(DatatypeOverrides.none()))
                .generate(load, "h2", Map.of()).steps().get(0).sql();
        return sql.endsWith(";") ? sql.substring(0, sql.length() - 1) : sql;
    }

    private static FreemarkerEngine engine(InMemoryTemplates templates) {
        return new FreemarkerEngine(new TemplateCatalog(List.of(templates, LIBRARY)), LIBRARY, GUARD);
    }
}
