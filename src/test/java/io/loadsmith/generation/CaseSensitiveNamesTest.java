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
        assertThat(snapshot).contains("MERGE INTO stage.\"Customer\" trg USING stage.Z_DELTA_Customer src")
                .contains("ON (trg.\"userId\" = src.\"userId\" AND trg.\"validFrom\" = src.\"validFrom\")")
                // the message names the plain name
                .contains("identity grain (userId)");
        String audit = generate(history, "<ftltemplate:audit:table=stage.customer_src:type=not_null:columns=USERID,region>");
        assertThat(audit).contains("WHERE a.\"userId\" IS NULL OR a.region IS NULL").contains("a NULL in USERID or region");
    }

    private static String generate(EntityModel target, String step) {
        LoadModel load = new LoadModel("l", target, List.of(SOURCE), List.of(new StepModel("s", StepType.OVERRIDE, step)), Map.of());
        return GENERATORS.loads().generate(load, "postgresql", Map.of()).sql();
    }
}
