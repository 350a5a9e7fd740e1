package io.loadsmith.engine;

import static io.loadsmith.engine.TemplateGoldenTest.CUSTOMER;
import static io.loadsmith.engine.TemplateGoldenTest.CUSTOMER_HIST;
import static io.loadsmith.engine.TemplateGoldenTest.CUSTOMER_PSA;
import static io.loadsmith.engine.TemplateGoldenTest.CUSTOMER_SNAP;
import static io.loadsmith.engine.TemplateGoldenTest.CUSTOMER_SRC;
import static io.loadsmith.engine.TemplateGoldenTest.DIM_USER;
import static io.loadsmith.engine.TemplateGoldenTest.EVENTS;
import static io.loadsmith.engine.TemplateGoldenTest.PERSON;
import static io.loadsmith.engine.TemplateGoldenTest.STAGING;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.generation.catalog.ParameterDefinition;
import io.loadsmith.generation.catalog.TemplateKind;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.GenerationException;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.StepModel;
import io.loadsmith.generation.model.StepType;

/**
 * Every parameter of every library template, on every dialect, with values that end a literal, a
 * quoted name, a comment or a statement somewhere (issue 20.1); and steps and loads with such names.
 * Each value is refused with a message naming load, step, template and parameter, or stays data:
 * the statements (count and kind, by an independent lexer of the dialect) are the template's, and
 * the marker never shows outside a literal or comment. SQL parameters are code by definition.
 */
class HostileValuesTest {

    static final String MARK = "INJECTED";

    /** Each carries MARK; commas are left out so that a list keeps one item. */
    static final List<String> PAYLOADS = List.of(
            "x' OR 'INJECTED' = 'INJECTED",
            "INJECTED\\",
            "x\\' ; DROP TABLE INJECTED; --",
            "\\'); DROP TABLE INJECTED; --",
            "*/ DROP TABLE INJECTED; /*",
            "/* INJECTED",
            "-- INJECTED",
            "; DROP TABLE INJECTED",
            "x\r\nDROP TABLE INJECTED",
            "x\nINJECTED",
            "$$; DROP TABLE INJECTED; $$",
            "x\u2019; DROP TABLE INJECTED; \u2018",
            "x\" ; INJECTED \"",
            "x` ; INJECTED `",
            "# INJECTED\n; DROP TABLE INJECTED",
            "x\u2028INJECTED");

    private static final List<String> DIALECTS = new DialectRegistry().names();

    record Case(String template, EntityModel target, List<EntityModel> sources, Map<String, String> arguments) {

        LoadModel load(String loadName, String stepName, Map<String, String> arguments) {
            return new LoadModel(loadName, target, sources,
                    List.of(new StepModel(stepName, StepType.OVERRIDE, call(template, arguments))), Map.of());
        }

        LoadModel load() {
            return load("hostile_load", "step_1", arguments);
        }

        @Override
        public String toString() {
            return template;
        }
    }

    static List<Case> cases() {
        return List.of(
                new Case("cdc_scd2", PERSON, List.of(EVENTS), Map.of("key_columns", "person_id,tenant")),
                new Case("scd_hybrid_rebuild", DIM_USER, List.of(STAGING), Map.of("natural_key", "login", "scd1_columns", "name")),
                new Case("snapshot", CUSTOMER_SNAP, List.of(CUSTOMER_HIST), Map.of("strategy", "check",
                        "unique_key", "customer_id", "check_columns", "tariff,status", "observed_at", "snapshot_date",
                        "invalidate_hard_deletes", "true")),
                new Case("audit", CUSTOMER, List.of(CUSTOMER_SRC), Map.of("table", "stage.customer_src",
                        "type", "accepted_values", "columns", "status", "values", "A,B", "name", "status_check")),
                new Case("truncate_insert", CUSTOMER, List.of(CUSTOMER_SRC), Map.of()),
                new Case("append", CUSTOMER, List.of(CUSTOMER_SRC), Map.of()),
                new Case("insert_new_by_datahash", CUSTOMER_PSA, List.of(CUSTOMER_SRC), Map.of("key_columns", "customer_id")),
                new Case("scd2", VesselFixture.target(), List.of(), Map.of("temp_table_prefix", "Z_TMP_")),
                new Case("scd2_prepare", VesselFixture.target(), List.of(), Map.of("source", "publish.vessel_source",
                        "business_key", "mmsi_key")));
    }

    static Stream<Arguments> casesOnEveryDialect() {
        return cases().stream().flatMap(c -> DIALECTS.stream().map(d -> Arguments.of(c, d)));
    }

    /** A template call as a step holds it: \ escapes \ : < > in a value. */
    static String call(String template, Map<String, String> arguments) {
        StringBuilder text = new StringBuilder("<ftltemplate:").append(template);
        arguments.forEach((name, value) -> {
            text.append(':').append(name).append('=');
            for (char c : value.toCharArray()) {
                if (c == '\\' || c == ':' || c == '<' || c == '>') {
                    text.append('\\');
                }
                text.append(c);
            }
        });
        return text.append('>').toString();
    }

    static String generate(LoadModel load, String dialect) {
        return Loads.GENERATORS.loads().generate(load, dialect, Map.of()).sql();
    }

    @Test
    void everyLibraryTemplateHasACase() throws Exception {
        try (Stream<Path> folders = Files.list(Path.of("templates-library/templates"))) {
            assertThat(cases().stream().map(Case::template))
                    .containsExactlyInAnyOrderElementsOf(folders.map(p -> p.getFileName().toString())
                            // Generated loads' templates take no parameters (GeneratedLoadsRefusalTest covers their options).
                            .filter(name -> !name.startsWith("generated_")).toList());
        }
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("casesOnEveryDialect")
    void everyParameterRefusesOrKeepsEveryHostileValueInItsPlace(Case c, String dialect) {
        SqlLexer.Rules rules = SqlLexer.rules(dialect);
        List<String> intended = SqlLexer.lex(generate(c.load(), dialect), rules).kinds();
        SoftAssertions softly = new SoftAssertions();
        for (ParameterDefinition parameter : Loads.GENERATORS.engine().catalog().get(TemplateKind.TEMPLATE, c.template()).parameters()) {
            for (String payload : PAYLOADS) {
                Map<String, String> arguments = new LinkedHashMap<>(c.arguments());
                arguments.put(parameter.name(), payload);
                LoadModel load = c.load("hostile_load", "step_1", arguments);
                String what = c.template() + " " + parameter.name() + " (" + parameter.type() + ") = " + payload;
                switch (parameter.type()) {
                    case SQL -> {
                        // Code that the step's author writes, like override SQL: nothing to check.
                    }
                    case TEXT, TEXT_LIST -> {
                        SqlLexer.Lexed lexed = SqlLexer.lex(generate(load, dialect), rules);
                        softly.assertThat(lexed.kinds()).as(what).isEqualTo(intended);
                        softly.assertThat(lexed.code()).as(what).doesNotContain(MARK);
                        softly.assertThat(lexed.literals()).as(what).anyMatch(l -> l.contains(payload));
                    }
                    default -> softly.assertThatThrownBy(() -> generate(load, dialect)).as(what)
                            .isInstanceOf(GenerationException.class)
                            .hasMessageStartingWith("Load 'hostile_load', step 1 'step_1', template '" + c.template() + "'")
                            .hasMessageContaining("parameter '" + parameter.name() + "'");
                }
            }
        }
        softly.assertAll();
    }

    /** Step names go into every header the same way; load names also into cdc_scd2's messages. */
    static Stream<Arguments> namedCasesOnEveryDialect() {
        return cases().stream().filter(c -> List.of("append", "cdc_scd2").contains(c.template()))
                .flatMap(c -> DIALECTS.stream().map(d -> Arguments.of(c, d)));
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("namedCasesOnEveryDialect")
    void hostileStepAndLoadNamesStayInTheirPlace(Case c, String dialect) {
        SqlLexer.Rules rules = SqlLexer.rules(dialect);
        List<String> intended = SqlLexer.lex(generate(c.load(), dialect), rules).kinds();
        SoftAssertions softly = new SoftAssertions();
        for (String payload : PAYLOADS) {
            SqlLexer.Lexed lexed = SqlLexer.lex(generate(c.load(payload, payload, c.arguments()), dialect), rules);
            softly.assertThat(lexed.kinds()).as(payload).isEqualTo(intended);
            softly.assertThat(lexed.code()).as(payload).doesNotContain(MARK);
        }
        softly.assertAll();
    }

    /** Entity and attribute names stored or imported before names were checked are refused, not written. */
    @Test
    void hostileEntityAndAttributeNamesAreRefused() {
        Case append = cases().get(5);
        for (String payload : PAYLOADS) {
            EntityModel target = Loads.entity("stage", payload, Loads.attr("customer_id", "INTEGER4"));
            assertThatThrownBy(() -> generate(new LoadModel("hostile_load", target, append.sources(),
                    append.load().steps(), Map.of()), "duckdb"))
                    .isInstanceOf(GenerationException.class).hasMessageContaining("is not a valid identifier");
            EntityModel withAttribute = Loads.entity("stage", "customer", Loads.attr(payload, "INTEGER4"));
            assertThatThrownBy(() -> generate(new LoadModel("hostile_load", withAttribute, append.sources(),
                    append.load().steps(), Map.of()), "duckdb"))
                    .isInstanceOf(GenerationException.class).hasMessageContaining("Attribute ")
                    .hasMessageContaining("is not a valid identifier");
        }
    }

    @Test
    void environmentValuesAndLoadOptionsThatAreNotPlainValuesAreRefused() {
        Case append = cases().get(5);
        for (String payload : PAYLOADS) {
            assertThatThrownBy(() -> Loads.GENERATORS.loads().generate(append.load(), "postgresql", Map.of("db", payload)))
                    .isInstanceOf(GenerationException.class)
                    .hasMessageStartingWith("Load 'hostile_load': environment variable 'db' may");
            LoadModel withOption = new LoadModel("hostile_load", append.target(), append.sources(),
                    append.load().steps(), Map.of("opt", payload));
            assertThatThrownBy(() -> generate(withOption, "postgresql"))
                    .isInstanceOf(GenerationException.class)
                    .hasMessageStartingWith("Load 'hostile_load': load option 'opt' may");
        }
        assertThat(Loads.GENERATORS.loads().generate(append.load(), "postgresql",
                Map.of("db", "DW_DEV", "path", "s3://bucket/dir-1", "at", "2024-01-01T00:00:00+01:00")).sql())
                .contains("INSERT INTO stage.customer");
    }
}
