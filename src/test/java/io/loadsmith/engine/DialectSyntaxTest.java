package io.loadsmith.engine;

import static io.loadsmith.engine.Loads.attr;
import static io.loadsmith.engine.Loads.entity;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import io.loadsmith.dialect.Dialect;
import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.StepModel;
import io.loadsmith.generation.model.StepType;

/**
 * Redshift, SQL Server, Synapse and Fabric do not run here, so their SQL is read by JSqlParser
 * (why that parser, and what it cannot see: {@link DialectSyntax}, templates-library/README.md):
 * every statement of every library template with its main options (TemplateGoldenTest's loads, whose
 * text is also held in reviewed golden files), the seed's vessel load, every library formula over
 * every datatype, and case-sensitive names, must parse and hold nothing the dialect's capabilities
 * say it lacks. Statements the parser cannot read are named in DialectSyntax.EXPECTED_UNPARSEABLE
 * with the reason, and checked there by their whole text.
 */
class DialectSyntaxTest {

    static final List<String> DIALECTS = List.of("redshift", "sqlserver", "synapse", "fabric");
    static final DialectRegistry REGISTRY = new DialectRegistry();

    static Stream<Arguments> templateLoads() {
        return TemplateGoldenTest.loads().keySet().stream().flatMap(name -> DIALECTS.stream().map(d -> Arguments.of(name, d)));
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("templateLoads")
    void everyStatementOfEveryTemplateParsesAndUsesOnlyWhatTheDialectHas(String name, String dialect) {
        String sql = Loads.sql(TemplateGoldenTest.loads().get(name), dialect);

        assertThat(DialectSyntax.problems(sql, REGISTRY.get(dialect))).as(sql).isEmpty();
    }

    static Stream<Arguments> generatedAuditLoads() {
        return GeneratedLoadsGoldenTest.auditLoads().keySet().stream().flatMap(name -> DIALECTS.stream().map(d -> Arguments.of(name, d)));
    }

    /** The generated loads with OPT_AUDIT_HISTORY=true: the audit statement and its transaction parse. */
    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("generatedAuditLoads")
    void everyStatementOfTheGeneratedAuditsParses(String name, String dialect) {
        String sql = Loads.sql(GeneratedLoadsGoldenTest.auditLoads().get(name), dialect);

        assertThat(DialectSyntax.problems(sql, REGISTRY.get(dialect))).as(sql).isEmpty();
    }

    /** The seed's vessel load as a user of that engine writes it: the temp table in the target schema, made the engine's way. */
    static LoadModel vessel(String dialect) {
        String temp = "<target_schema>.Z_TMP_<target_entity_name>";
        String create = switch (dialect) {
            case "sqlserver" -> "SELECT * INTO " + temp + " FROM vessel_source;";
            case "synapse" -> "CREATE TABLE " + temp + " WITH (DISTRIBUTION = ROUND_ROBIN) AS SELECT * FROM vessel_source;";
            default -> "CREATE TABLE " + temp + " AS SELECT * FROM vessel_source;";
        };
        String drop = "synapse".equals(dialect) ? "IF OBJECT_ID('" + temp + "', 'U') IS NOT NULL DROP TABLE " + temp + ";"
                : "DROP TABLE IF EXISTS " + temp + ";";
        return new LoadModel("load_d_vessel_scd2", VesselFixture.target(), List.of(), List.of(
                new StepModel("drop_temp_start", StepType.OVERRIDE, drop),
                new StepModel("create_temp_table", StepType.OVERRIDE, create),
                new StepModel("merge_scd2_with_ftl", StepType.OVERRIDE, "<ftltemplate:scd2:temp_table_prefix=Z_TMP_>"),
                new StepModel("drop_temp_end", StepType.OVERRIDE, drop)), Map.of());
    }

    @ParameterizedTest
    @ValueSource(strings = {"redshift", "sqlserver", "synapse", "fabric"})
    void theSeedsVesselLoadParsesAndMatchesItsReviewedGoldenFile(String dialect) {
        String sql = Loads.sql(vessel(dialect), dialect);

        assertThat(DialectSyntax.problems(sql, REGISTRY.get(dialect))).as(sql).isEmpty();
        Golden.assertMatches(Path.of("src/test/resources/golden/vessel_scd2." + dialect + ".sql"), sql);
    }

    static final EntityModel EVERY_TYPE = entity("stage", "every_type",
            attr("c_char", null, "CHAR", 3), attr("c_varchar", "VARCHAR"), attr("c_int1", "INTEGER1"), attr("c_int2", "INTEGER2"),
            attr("c_int4", "INTEGER4"), attr("c_int8", "INTEGER8"),
            new AttributeModel("c_decimal", null, "DECIMAL", null, 12, 3, true, null, null), attr("c_float4", "FLOAT4"),
            attr("c_float8", "FLOAT8"), attr("c_bool", "BOOLEAN"), attr("c_date", "DATE"), attr("c_time", "TIME"),
            attr("c_ts", "TIMESTAMP"), attr("c_tstz", "TIMESTAMP_TZ"));

    static Stream<Arguments> formulas() {
        return Stream.of("BUSINESS_KEY", "CONCAT", "CURRENT_TS", "HASH_DIFF", "HASH_KEY", "REFERENCE_HASH_DIFF", "REFERENCE_HASH_KEY")
                .flatMap(f -> DIALECTS.stream().map(d -> Arguments.of(f, d)));
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("formulas")
    void everyLibraryFormulaOverEveryDatatypeParses(String formula, String dialect) {
        TestGenerators generators = TestGenerators.with(List.of(new InMemoryTemplates().add("probe",
                "SELECT ${loads.getTransformationForAttributes(\"" + formula + "\", model.load.target.attributes, \"src\")} AS f"
                        + " FROM stage.every_type src")));
        LoadModel load = new LoadModel("probe_" + formula, EVERY_TYPE, List.of(),
                List.of(new StepModel("probe", StepType.OVERRIDE, "<ftltemplate:probe>")), Map.of());

        String sql = generators.loads().generate(load, dialect, Map.of()).sql();

        assertThat(DialectSyntax.problems(sql, REGISTRY.get(dialect))).as(sql).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"redshift", "sqlserver", "synapse", "fabric"})
    void theTableOfEveryDatatypeParsesWithTheDialectsTypes(String dialect) {
        String ddl = Loads.GENERATORS.ddl().createTable(EVERY_TYPE, dialect);

        assertThat(DialectSyntax.problems(ddl, REGISTRY.get(dialect))).as(ddl).isEmpty();
        assertThat(ddl).contains(switch (dialect) {
            case "redshift" -> "c_varchar VARCHAR(100),\n    c_int1 SMALLINT";
            case "fabric" -> "c_tstz DATETIME2(6)";
            default -> "c_bool BIT";
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"redshift", "sqlserver", "synapse", "fabric"})
    void caseSensitiveNamesAreQuotedTheDialectsWayAndParse(String dialect) {
        EntityModel target = entity("stage", "customer_psa", attr("customerId", "INTEGER4").withCaseSensitive(true),
                attr("Region", "VARCHAR").withCaseSensitive(true), attr("status", "VARCHAR"),
                attr("datahash", "DV_DATAHASH", "CHAR", 32));
        EntityModel source = entity("stage", "customer_src", attr("customerId", "INTEGER4").withCaseSensitive(true),
                attr("Region", "VARCHAR").withCaseSensitive(true), attr("status", "VARCHAR"));
        String sql = Loads.sql(Loads.load("psa", target, List.of(source),
                "<ftltemplate:insert_new_by_datahash:key_columns=customerId>",
                "<ftltemplate:audit:table=stage.customer_psa:type=unique:columns=customerId,Region>"), dialect);

        Dialect d = REGISTRY.get(dialect);
        assertThat(sql).contains(d.quoteIdentifier("customerId") + ", " + d.quoteIdentifier("Region") + ", status");
        assertThat(DialectSyntax.problems(sql, d)).as(sql).isEmpty();
    }

    /** An error inside a transaction rolls all of it back on the T-SQL engines, as everywhere else. */
    @ParameterizedTest
    @ValueSource(strings = {"sqlserver", "synapse", "fabric"})
    void everyTransactionOnTheMicrosoftEnginesAbortsWholeOnAnError(String dialect) {
        int transactions = 0;
        for (LoadModel load : TemplateGoldenTest.loads().values()) {
            String sql = Loads.sql(load, dialect);
            int begins = sql.split("BEGIN TRANSACTION;", -1).length - 1;
            assertThat(sql.split("SET XACT_ABORT ON;\nBEGIN TRANSACTION;", -1).length - 1).as(sql).isEqualTo(begins);
            transactions += begins;
        }
        assertThat(transactions).isGreaterThanOrEqualTo(8);
    }

    @Test
    void aClosingQuoteInsideANameIsDoubled() {
        assertThat(REGISTRY.get("sqlserver").quoteIdentifier("a]b[c")).isEqualTo("[a]]b[c]");
        assertThat(REGISTRY.get("fabric").quoteIdentifier("]")).isEqualTo("[]]]");
        assertThat(REGISTRY.get("redshift").quoteIdentifier("a\"b]")).isEqualTo("\"a\"\"b]\"");
    }

    @Test
    void stringLiteralsAreEscapedTheDialectsWay() {
        assertThat(REGISTRY.get("redshift").literal("it's a\\b")).isEqualTo("'it''s a\\\\b'");
        assertThat(REGISTRY.get("sqlserver").literal("it's a\\b")).isEqualTo("'it''s a\\b'");
        assertThat(REGISTRY.get("synapse").literal("")).isEqualTo("''");
    }

    /** The list of statements let through unparsed stays honest: each is really unreadable to the parser. */
    @ParameterizedTest
    @ValueSource(strings = {"BEGIN TRANSACTION", "RENAME OBJECT dw.Z_MIG_item TO item"})
    void theExpectedUnparseableStatementsAreReallyUnparseable(String statement) {
        assertThat(DialectSyntax.EXPECTED_UNPARSEABLE).anyMatch(u -> u.statement().matcher(statement).matches());
        assertThatThrownBy(() -> DialectSyntax.parse(statement, REGISTRY.get("synapse"))).isNotNull();
    }

    /** CREATE OR ALTER VIEW is read as ALTER VIEW only because the parser really cannot read it. */
    @Test
    void createOrAlterViewIsReallyUnparseableAsWritten() {
        assertThatThrownBy(() -> net.sf.jsqlparser.parser.CCJSqlParserUtil.parse("CREATE OR ALTER VIEW s.v AS SELECT a FROM t",
                p -> p.withSquareBracketQuotation(true))).isNotNull();
    }

    /** The checks can fail: what the other engines write is reported for the dialects that lack it. */
    @Test
    void whatADialectLacksIsReported() {
        Dialect sqlserver = REGISTRY.get("sqlserver");
        assertThat(DialectSyntax.problems("SELECT a FROM t LIMIT 1", sqlserver)).singleElement().asString().contains("select_limit");
        assertThat(DialectSyntax.problems("SELECT a || b AS c FROM t", sqlserver)).singleElement().asString().contains("||");
        assertThat(DialectSyntax.problems("SELECT a FROM t WHERE a IS DISTINCT FROM b", sqlserver)).singleElement().asString()
                .contains("is_distinct_from");
        assertThat(DialectSyntax.problems("CREATE TABLE s.x AS SELECT a FROM t", sqlserver)).singleElement().asString()
                .contains("create_table_as");
        assertThat(DialectSyntax.problems("SELECT a FROM (WITH w AS (SELECT 1 AS a) SELECT a FROM w) q", sqlserver))
                .singleElement().asString().contains("subquery_cte");
        assertThat(DialectSyntax.problems("UPDATE t SET a = TRUE", sqlserver)).singleElement().asString().contains("TRUE");
        assertThat(DialectSyntax.problems("SELECT \"a\" FROM t", sqlserver)).singleElement().asString().contains("quoted with \"");
        assertThat(DialectSyntax.problems("DROP TABLE IF EXISTS s.x", REGISTRY.get("synapse"))).singleElement().asString()
                .contains("OBJECT_ID");
        assertThat(DialectSyntax.problems("CREATE TABLE IF NOT EXISTS s.x (a INT)", sqlserver)).singleElement().asString()
                .contains("OBJECT_ID");
        Dialect redshift = REGISTRY.get("redshift");
        assertThat(DialectSyntax.problems("SELECT DISTINCT ON (a) a, b FROM t", redshift)).singleElement().asString()
                .contains("distinct_on");
        assertThat(DialectSyntax.problems("DELETE FROM s.t trg WHERE trg.a = 1", redshift)).singleElement().asString()
                .contains("delete_alias");
        assertThat(DialectSyntax.problems("MERGE INTO s.t trg USING s.w src ON trg.a = src.a WHEN MATCHED THEN UPDATE SET b = src.b"
                + " WHEN NOT MATCHED THEN INSERT (a, b) VALUES (src.a, src.b)", redshift)).singleElement().asString()
                .contains("merge_target_alias");
        assertThat(DialectSyntax.problems("MERGE INTO s.t USING (SELECT 1 AS a) src ON t.a = src.a WHEN MATCHED THEN DELETE"
                + " WHEN NOT MATCHED THEN INSERT (a) VALUES (src.a)", redshift)).singleElement().asString().contains("merge_source_query");
        assertThat(DialectSyntax.problems("MERGE INTO s.t USING s.w src ON t.a = src.a WHEN MATCHED AND t.b <> src.b THEN UPDATE SET b = src.b"
                + " WHEN NOT MATCHED THEN INSERT (a, b) VALUES (src.a, src.b)", redshift)).singleElement().asString()
                .contains("merge_clause_condition");
        assertThat(DialectSyntax.problems("CREATE OR REPLACE VIEW s.v AS SELECT a FROM t", sqlserver)).singleElement().asString()
                .contains("CREATE OR ALTER VIEW");
        assertThat(DialectSyntax.problems("CREATE OR ALTER VIEW s.v AS SELECT a FROM t LIMIT 1", sqlserver)).singleElement().asString()
                .contains("select_limit");
        assertThat(DialectSyntax.problems("CREATE OR ALTER VIEW s.v AS SELECT a FROM t", sqlserver)).isEmpty();
        assertThat(DialectSyntax.problems("SELECT k, LISTAGG(DISTINCT a, '~') WITHIN GROUP (ORDER BY a) AS l FROM t GROUP BY k",
                sqlserver)).singleElement().asString().contains("LISTAGG");
        assertThat(DialectSyntax.problems("SELECT CASE WHEN b THEN 'true' WHEN NOT b THEN 'false' END AS x FROM t", sqlserver))
                .singleElement().asString().contains("BIT");
        assertThat(DialectSyntax.problems("SELECT a, ROW_NUMBER() OVER (PARTITION BY a) AS r FROM t", sqlserver)).singleElement()
                .asString().contains("ranking_order_optional");
        assertThat(DialectSyntax.problems("SELECT a, ROW_NUMBER() OVER (PARTITION BY a ORDER BY a) AS r FROM t", sqlserver)).isEmpty();
        assertThat(DialectSyntax.problems("SELECT a, ROW_NUMBER() OVER (PARTITION BY a) AS r FROM t", redshift)).isEmpty();
        assertThat(DialectSyntax.problems("CREATE OR ALTER VIEW s.v AS SELECT a FROM t", REGISTRY.get("synapse"))).singleElement()
                .asString().contains("the parser cannot read it");
        assertThat(DialectSyntax.problems("SELECT k, STRING_AGG(DISTINCT a, '~' ORDER BY a) AS l FROM t GROUP BY k", redshift))
                .singleElement().asString().contains("STRING_AGG");
        assertThat(DialectSyntax.problems("SELECT a FROM t WHERE (b", redshift)).singleElement().asString()
                .contains("the parser cannot read it");
    }
}
