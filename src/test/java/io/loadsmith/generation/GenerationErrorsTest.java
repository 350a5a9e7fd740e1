package io.loadsmith.generation;

import io.loadsmith.engine.InMemoryTemplates;
import io.loadsmith.engine.VesselFixture;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.loadsmith.engine.TestGenerators;
import io.loadsmith.generation.catalog.ParameterDefinition;
import io.loadsmith.generation.catalog.ParameterType;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.GenerationException;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.StepModel;
import io.loadsmith.generation.model.StepType;

/** Every way a load can be wrong gives a message that says load, step, template and line. */
class GenerationErrorsTest {

    private static LoadModel vesselWithStep(String text) {
        LoadModel base = VesselFixture.load(VesselFixture.SEED_CREATE_TEMP);
        return new LoadModel(base.name(), base.target(), base.sources(),
                List.of(new StepModel("first", StepType.OVERRIDE, "SELECT 1;"), new StepModel("merge", StepType.OVERRIDE, text)),
                base.options());
    }

    private static GenerationException fail(TestGenerators generators, LoadModel load, String dialect) {
        try {
            generators.loads().generate(load, dialect, Map.of());
        } catch (GenerationException e) {
            return e;
        }
        throw new AssertionError("generation should have failed");
    }

    /** A name nothing defines: the nearest known names and all of them, no internal path. */
    @Test
    void unknownTemplateSaysWhichKnownNamesAreClosest() {
        GenerationException e = fail(TestGenerators.library(), vesselWithStep("<ftltemplate:scd3:x=1>"), "postgresql");

        assertThat(e.getMessage()).startsWith("Load 'load_d_vessel_scd2', step 2 'merge', template 'scd3', line 1, column 1: "
                + "There is no template 'scd3'; did you mean 'scd2'? Known: append, audit, cdc_scd2, ")
                .doesNotContain("templates-library", "searched");
        assertThat(fail(TestGenerators.library(), vesselWithStep("<ftltemplate:SNAPSHTO>"), "duckdb").detail())
                .startsWith("There is no template 'SNAPSHTO'; did you mean 'snapshot'? Known: ");
        assertThat(fail(TestGenerators.library(), vesselWithStep("<ftltemplate:zzzzzzzz>"), "duckdb").detail())
                .startsWith("There is no template 'zzzzzzzz'. Known: append, ");
    }

    @Test
    void missingVariantListsTheLineageSearched() {
        TestGenerators generators = TestGenerators.with(List.of(new OnlyVariant("only_h2", "h2", "SELECT 1")));

        GenerationException e = fail(generators, vesselWithStep("<ftltemplate:only_h2>"), "duckdb");

        assertThat(e.detail()).isEqualTo("No template 'only_h2' for dialect duckdb; searched store template 'only_h2' variant duckdb, "
                + "store template 'only_h2' variant sql2016, store template 'only_h2' variant ansi, store template 'only_h2' variant default.");
    }

    @Test
    void missingRequiredParameter() {
        GenerationException e = fail(TestGenerators.library(), vesselWithStep("SELECT 1;\n  <ftltemplate:scd2>"), "snowflake");

        assertThat(e.getMessage()).isEqualTo("Load 'load_d_vessel_scd2', step 2 'merge', template 'scd2', line 2, column 3: "
                + "missing required parameter 'temp_table_prefix' (IDENTIFIER)");
    }

    @Test
    void unknownParameterListsTheKnownOnes() {
        GenerationException e = fail(TestGenerators.library(),
                vesselWithStep("<ftltemplate:scd2:temp_table_prefix=Z_:tmp_prefix=Y_>"), "snowflake");

        assertThat(e.detail()).isEqualTo("unknown parameter 'tmp_prefix' (the template takes temp_table_prefix, check_duplicates, business_key, open_end, invalidate_hard_deletes, execution_time, track_columns, track_except, audit_history)");
    }

    @Test
    void scd2TrackedColumnsMustBeBusinessColumnsOfTheTarget() {
        GenerationException e = fail(TestGenerators.library(),
                vesselWithStep("<ftltemplate:scd2:temp_table_prefix=Z_:track_columns=vessel_name,flag>"), "postgresql");

        assertThat(e.getMessage()).startsWith("Load 'load_d_vessel_scd2', step 2 'merge', template 'scd2 -> lib/load.ftl', line ")
                .contains("parameter 'track_columns': the target publish.D_VESSEL_SCD2 has no column 'flag' (its columns: mmsi_key, vessel_name,");
        // A technical column is not a business column either.
        assertThat(fail(TestGenerators.library(), vesselWithStep("<ftltemplate:scd2:temp_table_prefix=Z_:track_except=valid_from>"),
                "snowflake").detail()).startsWith("parameter 'track_except': the target publish.D_VESSEL_SCD2 has no column 'valid_from'");
    }

    @Test
    void scd2TrackedColumnsAreAListOrAllButAListNotBoth() {
        GenerationException both = fail(TestGenerators.library(),
                vesselWithStep("<ftltemplate:scd2:temp_table_prefix=Z_:track_columns=vessel_name:track_except=country>"), "h2");
        // The rule is the library's (shared with the migration's change-hash refresh): the stop is there.
        assertThat(both.location().template()).isEqualTo("scd2 -> lib/change_hash.ftl");
        assertThat(both.detail()).isEqualTo("parameter 'track_except': give track_columns (the tracked columns) or track_except (all but these), not both");

        GenerationException all = fail(TestGenerators.library(), vesselWithStep("<ftltemplate:scd2:temp_table_prefix=Z_"
                + ":track_except=mmsi_key,vessel_name,vessel_type_code,vessel_type,country_code,country,source_system>"), "duckdb");
        assertThat(all.detail()).isEqualTo("parameter 'track_except': it names every business column of publish.D_VESSEL_SCD2; at least one column must be tracked");
    }

    @Test
    void anUnknownOpenEndConventionNamesTheChoices() {
        for (String template : List.of("scd2:temp_table_prefix=Z_", "scd_hybrid_rebuild:natural_key=mmsi_key")) {
            GenerationException e = fail(TestGenerators.library(), vesselWithStep("<ftltemplate:" + template + ":open_end=forever>"), "postgresql");
            assertThat(e.getMessage()).as(template).startsWith("Load 'load_d_vessel_scd2', step 2 'merge', template '"
                    + template.substring(0, template.indexOf(':')) + "'").contains("open_end", "forever", "null", "far_future");
        }
    }

    @Test
    void typedParametersAreChecked() {
        TestGenerators generators = TestGenerators.with(List.of(new InMemoryTemplates().add("typed", "${flag?c} ${n + 1} ${items?join('|')}",
                new ParameterDefinition("flag", ParameterType.BOOLEAN, true, null, ""),
                new ParameterDefinition("n", ParameterType.INTEGER, false, "41", ""),
                new ParameterDefinition("items", ParameterType.LIST, false, "a, b", ""))));

        assertThat(generators.loads().generate(vesselWithStep("<ftltemplate:typed:flag=true>"), "h2", Map.of())
                .steps().get(1).sql()).isEqualTo("true 42 a|b;");
        assertThat(fail(generators, vesselWithStep("<ftltemplate:typed:flag=yes:n=x>"), "h2").detail())
                .isEqualTo("parameter 'flag' is BOOLEAN: give true or false, not 'yes'; parameter 'n' is INTEGER: 'x' is not a whole number");
    }

    /**
     * lib/load.ftl failIfAny refuses a check whose message does not read the offending row: PostgreSQL
     * and H2 evaluate a constant message while planning and would stop the load with no offending row.
     */
    @Test
    void aCheckWhoseMessageIsAConstantIsRefusedAtGeneration() {
        TestGenerators generators = TestGenerators.with(List.of(new InMemoryTemplates()
                .add("constant_check", "<#include \"/lib/load.ftl\">${failIfAny(\"SELECT 1 AS x\", \"'constant'\")}")));
        GenerationException e = fail(generators, vesselWithStep("<ftltemplate:constant_check>"), "h2");
        assertThat(e.getMessage()).contains("template 'constant_check", "must depend on the offending row");
    }

    @Test
    void parametersWithDeclaredValuesTakeOnlyThose() {
        TestGenerators generators = TestGenerators.with(List.of(new InMemoryTemplates().add("chosen", "${mode} ${modes?join('|')}",
                new ParameterDefinition("mode", ParameterType.STRING, false, "null", "", List.of("null", "far_future")),
                new ParameterDefinition("modes", ParameterType.LIST, false, "a", "", List.of("a", "b")))));

        assertThat(generators.loads().generate(vesselWithStep("<ftltemplate:chosen:mode=far_future:modes=b,a>"), "h2", Map.of())
                .steps().get(1).sql()).isEqualTo("far_future b|a;");
        GenerationException e = fail(generators, vesselWithStep("<ftltemplate:chosen:mode=forever:modes=a,c>"), "h2");
        assertThat(e.getMessage()).contains("step 2 'merge', template 'chosen'");
        assertThat(e.detail()).isEqualTo("parameter 'mode' is one of null, far_future, not 'forever'; "
                + "parameter 'modes' is one of a, b, not 'c'");
    }

    @Test
    void escapesAndTripleQuotedValues() {
        TestGenerators generators = TestGenerators.with(List.of(new InMemoryTemplates().add("echo", "[${v}]",
                new ParameterDefinition("v", ParameterType.SQL, true, null, ""))));

        String escaped = generators.loads().generate(vesselWithStep("<ftltemplate:echo:v=\\<target_schema\\>.a\\:b>"), "h2", Map.of())
                .steps().get(1).sql();
        String triple = generators.loads().generate(vesselWithStep("<ftltemplate:echo:v=\"\"\"x > 1\nAND y:2\"\"\">"), "h2", Map.of())
                .steps().get(1).sql();

        // The escaped placeholder survives the call and is then substituted like any other.
        assertThat(escaped).isEqualTo("[publish.a:b];");
        assertThat(triple).isEqualTo("[x > 1\nAND y:2];");
    }

    @Test
    void unclosedCallSaysWhere() {
        GenerationException e = fail(TestGenerators.library(), vesselWithStep("SELECT 1;\n\n<ftltemplate:scd2:temp_table_prefix=Z_"), "h2");

        assertThat(e.getMessage()).isEqualTo("Load 'load_d_vessel_scd2', step 2 'merge', line 3, column 1: "
                + "The template call is not closed with '>'");
    }

    @Test
    void syntaxErrorInAStoredTemplateGivesLineAndColumn() {
        TestGenerators generators = TestGenerators.with(List.of(new InMemoryTemplates().add("broken", "SELECT\n  ${a +}\n")));

        GenerationException e = fail(generators, vesselWithStep("<ftltemplate:broken>"), "postgresql");

        assertThat(e.location().template()).isEqualTo("broken (default variant)");
        assertThat(e.location().line()).isEqualTo(2);
        assertThat(e.location().column()).isEqualTo(8);
        assertThat(e.detail()).startsWith("syntax error: ").contains("}");
    }

    @Test
    void missingAttributeTypeNamesTheEntityAndTheType() {
        LoadModel load = vesselWithStep("<ftltemplate:scd2:temp_table_prefix=Z_>");
        EntityModel target = load.target();
        EntityModel withoutScdId = new EntityModel(target.name(), target.logicalName(), target.schema(), target.entityType(),
                target.physicalType(), target.attributes().stream().filter(a -> !"SCD_ID".equals(a.attributeType())).toList());
        LoadModel broken = new LoadModel(load.name(), withoutScdId, load.sources(), load.steps(), load.options());

        GenerationException e = fail(TestGenerators.library(), broken, "snowflake");

        assertThat(e.detail()).isEqualTo("Entity publish.D_VESSEL_SCD2 has no attribute of type SCD_ID, which the template needs.");
        assertThat(e.location().template()).isEqualTo("scd2 (default variant)");
        // line 43: the template first includes its libraries, checks that the dialect has MERGE (lib/load.ftl requires), then reads SCD_ID
        assertThat(e.location().line()).isEqualTo(43);
    }

    @Test
    void freemarkersManualPointersAndVersionAreNotShown() {
        TestGenerators generators = TestGenerators.with(List.of(new InMemoryTemplates()
                .add("typo_builtin", "${model.load.name?apiv}")
                .add("typo_directive", "<#lisst model.load.target.attributes as a>x</#lisst>")));

        for (String template : List.of("typo_builtin", "typo_directive")) {
            String detail = fail(generators, vesselWithStep("<ftltemplate:" + template + ">"), "h2").detail();
            assertThat(detail).as(template).startsWith("syntax error: Unknown ")
                    .doesNotContain("freemarker", "FreeMarker", "http", "alphabetical list");
        }
        assertThat(fail(generators, vesselWithStep("<ftltemplate:typo_builtin>"), "h2").detail())
                .isEqualTo("syntax error: Unknown built-in: \"apiv\".");
    }

    @Test
    void newAndApiBuiltInsAreRefusedAtRender() {
        TestGenerators generators = TestGenerators.with(List.of(new InMemoryTemplates()
                .add("evil_new", "<#assign ex = \"freemarker.template.utility.Execute\"?new()>${ex(\"id\")}")
                .add("evil_api", "${model.load?api.getClass().getName()}")));

        assertThat(fail(generators, vesselWithStep("<ftltemplate:evil_new>"), "h2").detail()).contains("not allowed");
        assertThat(fail(generators, vesselWithStep("<ftltemplate:evil_api>"), "h2").detail()).contains("?api");
    }

    @Test
    void environmentVariablesAreSubstitutedButCannotRedefineTheLoadsNames() {
        LoadModel load = vesselWithStep("SELECT '<env_name>', '<target_schema>', a <b> c FROM x");

        String sql = TestGenerators.library().loads()
                .generate(load, "h2", Map.of("env_name", "dev", "target_schema", "hacked")).steps().get(1).sql();

        assertThat(sql).isEqualTo("SELECT 'dev', 'publish', a <b> c FROM x;");
    }

    @Test
    void unknownTransformationTypeNamesWhatWasSearched() {
        TestGenerators generators = TestGenerators.with(List.of(new InMemoryTemplates()
                .add("hashing", "<#assign t = model.load.target>\n${loads.getTransformationForAttributes(\"NO_SUCH_HASH\", t.attributes)}")));

        GenerationException e = fail(generators, vesselWithStep("<ftltemplate:hashing>"), "duckdb");

        assertThat(e.detail()).startsWith("There is no transformation formula 'NO_SUCH_HASH'. Known: BUSINESS_KEY, CONCAT, ")
                .doesNotContain("templates-library");
        assertThat(fail(TestGenerators.with(List.of(new InMemoryTemplates().add("hashing", "<#assign t = model.load.target>\n"
                + "${loads.getTransformationForAttributes(\"HASH_KEI\", t.attributes)}"))), vesselWithStep("<ftltemplate:hashing>"),
                "duckdb").detail()).startsWith("There is no transformation formula 'HASH_KEI'; did you mean 'HASH_KEY'? Known: ");
        assertThat(e.location().line()).isEqualTo(2);
    }

    @Test
    void reservedWordsAndOverlongNamesAreCheckedPerDialect() {
        LoadModel load = vesselWithStep("SELECT 1");
        EntityModel target = load.target();
        java.util.List<io.loadsmith.generation.model.AttributeModel> attributes = new java.util.ArrayList<>(target.attributes());
        attributes.add(VesselFixture.attr("order", null, "INTEGER4", null));
        EntityModel reserved = new EntityModel(target.name(), target.logicalName(), target.schema(), target.entityType(),
                target.physicalType(), attributes);
        EntityModel longName = new EntityModel("D_" + "X".repeat(70), target.logicalName(), target.schema(),
                target.entityType(), target.physicalType(), target.attributes());

        assertThat(fail(TestGenerators.library(), new LoadModel(load.name(), reserved, List.of(), load.steps(), Map.of()), "h2")
                .detail()).isEqualTo("Attribute order of entity publish.D_VESSEL_SCD2: 'order' is a reserved word in H2; rename it.");
        // Every bad name in one message, not the first alone.
        attributes.add(VesselFixture.attr("desc", null, "INTEGER4", null));
        EntityModel twoReserved = new EntityModel(target.name(), target.logicalName(), target.schema(), target.entityType(),
                target.physicalType(), attributes);
        assertThat(fail(TestGenerators.library(), new LoadModel(load.name(), twoReserved, List.of(), load.steps(), Map.of()),
                "postgresql").detail()).isEqualTo("Attribute order of entity publish.D_VESSEL_SCD2: 'order' is a reserved word"
                + " in PostgreSQL; rename it. Attribute desc of entity publish.D_VESSEL_SCD2: 'desc' is a reserved word in"
                + " PostgreSQL; rename it.");
        assertThat(fail(TestGenerators.library(), new LoadModel(load.name(), longName, List.of(), load.steps(), Map.of()),
                "postgresql").detail()).contains("is 72 characters; PostgreSQL allows at most 63.");
        // The same 72-character name is fine where identifiers may be longer.
        assertThat(TestGenerators.library().loads().generate(new LoadModel(load.name(), longName, List.of(), load.steps(),
                Map.of()), "snowflake", Map.of()).sql()).contains("SELECT 1;");
    }

    @Test
    void unknownDialect() {
        GenerationException e = fail(TestGenerators.library(), vesselWithStep("SELECT 1"), "oracle");

        assertThat(e.getMessage()).isEqualTo("Load 'load_d_vessel_scd2': Unknown dialect 'oracle'. "
                + "Known dialects: bigquery, databricks, duckdb, fabric, h2, postgresql, redshift, snowflake, sqlserver, synapse.");
    }

    /** A store template with a single dialect variant and no default. */
    /** A value of the wrong kind is named in template terms, whatever Java object stands behind it. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"${model}", "${dialect}", "${model.load.target.attributes}",
            "${loadOpt}", "${dialect.name + dialect}", "${loadOpt + 1}", "<#list model as x></#list>",
            "${model.load.target.attributes?keys}", "${dialect?string}", "${model.load.target}",
            "${model.load.target.attributes[0]}", "x${model.load}", "${model.load.steps[0]?string}"})
    void aValueOfTheWrongKindNamesNoJavaClass(String body) {
        TestGenerators generators = TestGenerators.with(List.of(new OnlyVariant("probe", "duckdb", body)));

        GenerationException e = fail(generators, vesselWithStep("<ftltemplate:probe>"), "duckdb");

        assertThat(e.detail()).doesNotContainPattern("\\$[A-Z$]|0x[0-9a-f]|wrapped into|wrapper|\\(a value|a value\\)|Collections|Lambda")
                .containsPattern("evaluated to an? (extended_hash|sequence|method)|list is an extended_hash");
    }

    @Test
    void aHashWhereTextBelongsIsNamedAsAHash() {
        TestGenerators generators = TestGenerators.with(List.of(new OnlyVariant("probe", "duckdb", "${model}")));

        GenerationException e = fail(generators, vesselWithStep("<ftltemplate:probe>"), "duckdb");

        assertThat(e.detail()).isEqualTo("For \"${...}\" content: Expected a string or something automatically convertible to string "
                + "(number, date or boolean), or \"template output\" , but this has evaluated to an extended_hash: ==> model  "
                + "[in template \"templates/probe\" at line 1, column 3]");
    }

    private record OnlyVariant(String name, String dialect, String body) implements io.loadsmith.generation.catalog.TemplateSource {
        @Override
        public String describe() {
            return "store";
        }

        @Override
        public java.util.Optional<io.loadsmith.generation.catalog.TemplateDefinition> find(io.loadsmith.generation.catalog.TemplateKind kind, String n) {
            return kind == io.loadsmith.generation.catalog.TemplateKind.TEMPLATE && n.equals(name)
                    ? java.util.Optional.of(new io.loadsmith.generation.catalog.TemplateDefinition(kind, name, "", List.of(), Map.of(dialect, body), "store"))
                    : java.util.Optional.empty();
        }

        @Override
        public String location(io.loadsmith.generation.catalog.TemplateKind kind, String n, String d) {
            return "store template '" + n + "'" + (d == null ? "" : " variant " + d);
        }
    }
}
