package io.loadsmith.generation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.engine.TestGenerators;
import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.StepModel;
import io.loadsmith.generation.model.StepType;

/** Case-sensitive names are written with each dialect family's identifier quote; the others as they stand. */
class CaseSensitiveNamesTest {

    private static final TestGenerators GENERATORS = TestGenerators.library(
            new FullRefreshSettings(FullRefreshPolicy.ALLOW, FullRefreshPolicy.ALLOW));

    private static AttributeModel attr(String name, boolean caseSensitive) {
        return new AttributeModel(name, null, "INTEGER4", null, null, null, true, null, null, caseSensitive, null);
    }

    private static final EntityModel TARGET = new EntityModel("Customer", "Customer", "stage", "TABLE", "TABLE",
            List.of(attr("userId", true), attr("region", false)), null, true, null);
    private static final EntityModel SOURCE = new EntityModel("customer_src", "customer_src", "stage", "TABLE",
            "TABLE", List.of(attr("userId", true), attr("region", false)));

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "snowflake|\"",
            "postgresql|\"",
            "h2|\"",
            "duckdb|\"",
            "databricks|`",
            "bigquery|`"})
    void ddlAndLoadQuoteOnlyTheFlaggedNames(String dialect, String quote) {
        String table = quote + "Customer" + quote;
        String column = quote + "userId" + quote;
        assertThat(GENERATORS.ddl().createTable(TARGET, dialect))
                .contains("CREATE TABLE stage." + table + " (")
                .contains(column + " INT")
                .contains("    region ");
        String sql = GENERATORS.loads().generate(new LoadModel("l", TARGET, List.of(SOURCE),
                List.of(new StepModel("s", StepType.OVERRIDE, "<ftltemplate:append>")), Map.of()), dialect, Map.of()).sql();
        assertThat(sql).contains("INSERT INTO stage." + table + " (" + column + ", region)")
                .contains("SELECT s." + column + ", s.region")
                .contains("FROM stage.customer_src s");
    }

    @Test
    void anEmbeddedQuoteIsDoubled() {
        DialectRegistry dialects = new DialectRegistry();
        assertThat(dialects.get("postgresql").quoteIdentifier("a\"b")).isEqualTo("\"a\"\"b\"");
        assertThat(dialects.get("databricks").quoteIdentifier("a`b")).isEqualTo("`a``b`");
        assertThat(dialects.get("snowflake").quoteIdentifier("userId")).isEqualTo("\"userId\"");
    }

    @Test
    void aModelWithoutTheFlagWritesNamesAsTheyStand() {
        EntityModel plain = new EntityModel("customer", "customer", "stage", "TABLE", "TABLE",
                List.of(attr("userId", false)));
        assertThat(GENERATORS.ddl().createTable(plain, "postgresql")).contains("CREATE TABLE stage.customer (")
                .contains("    userId INTEGER").doesNotContain("\"");
    }

    /** The history templates that refused a flagged target (before names2) now write its SQL form. */
    @Test
    void historyTemplatesWriteTheSqlFormOfAFlaggedTarget() {
        EntityModel history = new EntityModel("Customer", "Customer", "stage", "TABLE", "TABLE",
                List.of(attr("userId", true), attr("region", false),
                        new AttributeModel("validFrom", "VALID_FROM", "TIMESTAMP", null, null, null, true, null, null, true, null),
                        new AttributeModel("valid_to", "VALID_TO", "TIMESTAMP", null, null, null, true, null, null, false, null)),
                null, true, null);
        String snapshot = generate(history, "<ftltemplate:snapshot:unique_key=USERID:strategy=check:check_columns=region"
                + ":valid_from_column=validFrom:valid_to_column=valid_to>");
        assertThat(snapshot).contains("UPDATE stage.\"Customer\" AS trg SET valid_to = src.valid_to\nFROM stage.Z_DELTA_Customer src")
                .contains("trg.\"userId\" = src.\"userId\" AND trg.\"validFrom\" = src.\"validFrom\";")
                .contains("INSERT INTO stage.\"Customer\" (\"userId\", region, \"validFrom\", valid_to)")
                // the message names the plain name
                .contains("identity grain (userId)");
        String audit = generate(history, "<ftltemplate:audit:table=stage.customer_src:type=not_null:columns=USERID,region>");
        assertThat(audit).contains("WHERE a.\"userId\" IS NULL OR a.region IS NULL").contains("a NULL in USERID or region");
    }

    /**
     * Databricks takes the one-statement paths (INSERT OVERWRITE, MERGE … DELETE) that the embedded
     * engines do not run: they write backticks, and the derived LAG aliases stay unquoted.
     */
    @Test
    void databricksOneStatementPathsWriteBackticksAndUnquotedDerivedAliases() {
        EntityModel history = new EntityModel("Customer", "Customer", "stage", "TABLE", "TABLE",
                List.of(attr("userId", true), attr("cdc_seq", false), attr("fullName", true),
                        new AttributeModel("validFrom", "VALID_FROM", "TIMESTAMP", null, null, null, true, null, null, true, null),
                        new AttributeModel("valid_to", "VALID_TO", "TIMESTAMP", null, null, null, true, null, null, false, null)),
                null, true, null);
        String cdc = generate(history, "<ftltemplate:cdc_scd2:key_columns=userid:track_columns=FULLNAME>", "databricks");
        assertThat(cdc).contains("INSERT OVERWRITE TABLE stage.`Customer`")
                .contains("SELECT trg.`userId`, trg.cdc_seq, trg.`fullName`, trg.`validFrom`, trg.valid_to")
                .contains("LAG(e.`fullName`) OVER (PARTITION BY e.`userId` ORDER BY e.cdc_seq) AS _p_fullName")
                .contains("INSERT OVERWRITE TABLE stage.Z_CDC_SEEN_Customer")
                .doesNotContain("_p_`");
        String snapshot = generate(history, "<ftltemplate:snapshot:strategy=check:unique_key=userId:check_columns=fullName"
                + ":observed_at=obs:valid_from_column=validFrom>", "databricks");
        assertThat(snapshot)
                .contains("MERGE INTO stage.`Customer` trg USING (SELECT DISTINCT `userId` FROM stage.Z_DELTA_Customer WHERE is_rebuilt_key = 1) d")
                .contains("LAG(e.`fullName`) OVER (PARTITION BY `userId` ORDER BY _new, _ord) AS _p_fullName")
                // observed_at names no attribute: written as given
                .contains("CAST(s.obs AS TIMESTAMP_NTZ)")
                .doesNotContain("_p_`").doesNotContain("_pk_`");
    }

    private static String generate(EntityModel target, String step) {
        return generate(target, step, "postgresql");
    }

    private static String generate(EntityModel target, String step, String dialect) {
        LoadModel load = new LoadModel("l", target, List.of(SOURCE), List.of(new StepModel("s", StepType.OVERRIDE, step)), Map.of());
        return GENERATORS.loads().generate(load, dialect, Map.of()).sql();
    }
}
