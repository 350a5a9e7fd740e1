package io.loadsmith.generation;

import static io.loadsmith.generation.FullRefreshPolicy.ALLOW;
import static io.loadsmith.generation.FullRefreshPolicy.DENY;
import static io.loadsmith.generation.FullRefreshPolicy.REQUIRE_CONFIRMATION;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.loadsmith.engine.InMemoryTemplates;
import io.loadsmith.engine.TestGenerators;
import io.loadsmith.generation.catalog.ParameterDefinition;
import io.loadsmith.generation.catalog.ParameterType;
import io.loadsmith.generation.catalog.TemplateDefinition;
import io.loadsmith.generation.catalog.TemplateFlag;
import io.loadsmith.generation.catalog.TemplateKind;
import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.GenerationException;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.StepModel;
import io.loadsmith.generation.model.StepType;

/**
 * The full-refresh policies at generation, with the shipped library's templates: scd_hybrid_rebuild
 * (a full refresh of a history table, declared in its template.yaml) on a history target.
 */
class FullRefreshGenerationTest {

    private static final EntityModel STAGING = new EntityModel("dim_user_staging", "dim_user_staging", "stage", null,
            "TABLE", List.of(attr("login", null, "VARCHAR"), attr("name", null, "VARCHAR")));

    private static final String REBUILD = "<ftltemplate:scd_hybrid_rebuild:natural_key=login:scd1_columns=name>";

    private static AttributeModel attr(String name, String type, String datatype) {
        return new AttributeModel(name, type, datatype, "VARCHAR".equals(datatype) ? 100 : null, null, null, true,
                null, null);
    }

    private static EntityModel history(String entityPolicy) {
        return new EntityModel("dim_user", "dim_user", "dw", null, "TABLE", List.of(
                attr("dim_user_id", "SCD_ID", "INTEGER8"), attr("login", null, "VARCHAR"), attr("name", null, "VARCHAR"),
                attr("scd_version", "SCD_VERSION", "INTEGER4"), attr("scd_start_date", "VALID_FROM", "TIMESTAMP"),
                attr("scd_end_date", "VALID_TO", "TIMESTAMP"), attr("scd_active", "VALIDITY_STATUS", "BOOLEAN")),
                entityPolicy);
    }

    private static LoadModel load(EntityModel target, String step) {
        return new LoadModel("dim_user_rebuild", target, List.of(STAGING),
                List.of(new StepModel("prepare", StepType.OVERRIDE, "SELECT 1"),
                        new StepModel("rebuild", StepType.OVERRIDE, step)), Map.of());
    }

    private static LoadSqlGenerator generator(FullRefreshPolicy currentState, FullRefreshPolicy historical) {
        return TestGenerators.library(new FullRefreshSettings(currentState, historical)).loads();
    }

    /**
     * A dialect without UPDATE ... FROM, where scd_hybrid_rebuild rebuilds the whole table, with
     * multi-statement transactions, so that it rebuilds with INSERT INTO (not INSERT OVERWRITE).
     */
    private static final String REWRITES = new io.loadsmith.dialect.DialectRegistry().targets().stream()
            .filter(d -> !d.supports("update_from") && d.supports("multi_statement_transactions"))
            .findFirst().orElseThrow().name();

    private static GeneratedLoad generate(LoadSqlGenerator generator, LoadModel load, GenerationOptions options) {
        return generate(generator, load, REWRITES, options);
    }

    private static GeneratedLoad generate(LoadSqlGenerator generator, LoadModel load, String dialect, GenerationOptions options) {
        return generator.generate(load, dialect, Map.of(), options);
    }

    /**
     * The shipped policy (current-state full refresh: deny) and scd_hybrid_rebuild: accepted on every
     * dialect that writes in place (update_from), refused on every one that rebuilds the table.
     */
    @Test
    void theShippedPolicyAcceptsTheRebuildWhereItWritesInPlace() {
        LoadSqlGenerator shipped = TestGenerators.library().loads();
        int inPlace = 0;
        int rebuilt = 0;
        for (io.loadsmith.dialect.Dialect dialect : new io.loadsmith.dialect.DialectRegistry().targets()) {
            if (dialect.supports("update_from")) {
                inPlace++;
                assertThat(generate(shipped, load(history(null), REBUILD), dialect.name(), GenerationOptions.NONE).sql())
                        .as(dialect.name()).contains("UPDATE dw.dim_user AS p SET").doesNotContain("DELETE FROM dw.dim_user");
            } else {
                rebuilt++;
                assertThatThrownBy(() -> generate(shipped, load(history(null), REBUILD), dialect.name(),
                        GenerationOptions.CONFIRMED_FULL_REFRESH)).as(dialect.name())
                        .hasMessageContaining("template 'scd_hybrid_rebuild'", "is denied");
            }
        }
        assertThat(inPlace).as("dialects that write in place").isPositive();
        assertThat(rebuilt).as("dialects that rebuild").isPositive();
    }

    @Test
    void denyRefusesWithLoadStepTemplateTargetAndSource() {
        LoadSqlGenerator generator = generator(DENY, REQUIRE_CONFIRMATION);

        assertThatThrownBy(() -> generate(generator, load(history(null), REBUILD), GenerationOptions.CONFIRMED_FULL_REFRESH))
                .isInstanceOf(GenerationException.class)
                .hasMessage("Load 'dim_user_rebuild', step 2 'rebuild', template 'scd_hybrid_rebuild', line 1, column 1: "
                        + "full refresh of history table dw.dim_user (current-state input) is denied: the effective policy"
                        + " is deny (project setting loadsmith.full-refresh.current-state=deny). A full refresh discards"
                        + " history that may not be reconstructable; confirming does not override deny. Change the"
                        + " policy or load incrementally.");
    }

    @Test
    void theSeedsDefaultsDenyTheCurrentStateRebuild() {
        LoadSqlGenerator defaults = TestGenerators.library().loads();

        assertThatThrownBy(() -> generate(defaults, load(history(null), REBUILD), GenerationOptions.CONFIRMED_FULL_REFRESH))
                .hasMessageContaining("is denied", "loadsmith.full-refresh.current-state=deny");
    }

    @Test
    void anEntitysDenyIsNamedAndConfirmationDoesNotOverrideIt() {
        LoadSqlGenerator generator = generator(ALLOW, ALLOW);

        assertThatThrownBy(() -> generate(generator, load(history("deny"), REBUILD), GenerationOptions.CONFIRMED_FULL_REFRESH))
                .isInstanceOf(GenerationException.class)
                .hasMessageContaining("template 'scd_hybrid_rebuild'", "dw.dim_user", "entity dw.dim_user says deny");
    }

    @Test
    void requireConfirmationRefusesWithoutAndGeneratesWithTheConfirmation() {
        LoadSqlGenerator generator = generator(REQUIRE_CONFIRMATION, REQUIRE_CONFIRMATION);

        assertThatThrownBy(() -> generate(generator, load(history(null), REBUILD), GenerationOptions.NONE))
                .isInstanceOf(GenerationException.class)
                .hasMessageContaining("Load 'dim_user_rebuild', step 2 'rebuild', template 'scd_hybrid_rebuild'",
                        "needs confirmation", "project setting loadsmith.full-refresh.current-state=require_confirmation",
                        "allowFullRefresh=true", "--allow-full-refresh");

        GeneratedLoad confirmed = generate(generator, load(history(null), REBUILD), GenerationOptions.CONFIRMED_FULL_REFRESH);
        assertThat(confirmed.sql()).contains("/* 2. rebuild (OVERRIDE - SQL) */", "dw.Z_NEW_dim_user", "INSERT INTO dw.dim_user");
    }

    @Test
    void allowGeneratesTheSameSqlAsAConfirmedRequireConfirmation() {
        String allowed = generate(generator(ALLOW, ALLOW), load(history(null), REBUILD), GenerationOptions.NONE).sql();
        String confirmed = generate(generator(REQUIRE_CONFIRMATION, ALLOW), load(history(null), REBUILD),
                GenerationOptions.CONFIRMED_FULL_REFRESH).sql();

        assertThat(allowed).contains("dw.Z_NEW_dim_user").isEqualTo(confirmed);
    }

    @Test
    void anEntityCannotWeakenTheProjectsPolicy() {
        LoadSqlGenerator generator = generator(REQUIRE_CONFIRMATION, ALLOW);

        assertThatThrownBy(() -> generate(generator, load(history("allow"), REBUILD), GenerationOptions.NONE))
                .hasMessageContaining("the effective policy is require_confirmation",
                        "entity dw.dim_user says allow, which is ignored because an entity can only make the policy stricter");
    }

    @Test
    void truncateInsertIsAFullRefreshOnlyOfAHistoryTable() {
        LoadSqlGenerator generator = generator(DENY, DENY);
        EntityModel plain = new EntityModel("user_copy", "user_copy", "dw", null, "TABLE",
                List.of(attr("login", null, "VARCHAR"), attr("name", null, "VARCHAR")));

        assertThat(generate(generator, load(plain, "<ftltemplate:truncate_insert>"), GenerationOptions.NONE).sql())
                .contains("DELETE FROM dw.user_copy");
        assertThatThrownBy(() -> generate(generator, load(history(null), "<ftltemplate:truncate_insert>"),
                GenerationOptions.NONE)).hasMessageContaining("template 'truncate_insert'", "is denied");
    }

    @Test
    void incrementalHistoryLoadsAreNotFullRefreshes() {
        LoadSqlGenerator generator = generator(DENY, DENY);
        EntityModel snapshotTarget = new EntityModel("customer_snap", "customer_snap", "dw", null, "TABLE", List.of(
                attr("customer_id", null, "INTEGER4"), attr("status", null, "VARCHAR"),
                attr("valid_from", "VALID_FROM", "TIMESTAMP"), attr("valid_to", "VALID_TO", "TIMESTAMP")));
        EntityModel source = new EntityModel("customer_src", "customer_src", "stage", null, "TABLE",
                List.of(attr("customer_id", null, "INTEGER4"), attr("status", null, "VARCHAR")));
        LoadModel snapshot = new LoadModel("snap", snapshotTarget, List.of(source), List.of(new StepModel("s",
                StepType.OVERRIDE, "<ftltemplate:snapshot:strategy=check:unique_key=customer_id:check_columns=*>")), Map.of());

        // PostgreSQL has update_from: the delta is applied in place (UPDATE of closed versions + INSERT)
        assertThat(generate(generator, snapshot, "postgresql", GenerationOptions.NONE).sql())
                .contains("UPDATE dw.customer_snap AS trg SET valid_to = src.valid_to", "INSERT INTO dw.customer_snap (")
                .doesNotContain("DELETE FROM dw.customer_snap");
    }

    @Test
    void aTemplateWithBothModesIsAFullRefreshWhenItsParameterSaysSo() {
        TemplateDefinition both = new TemplateDefinition(TemplateKind.TEMPLATE, "rebuild_or_merge", "",
                List.of(new ParameterDefinition("full_refresh", ParameterType.BOOLEAN, false, "false", "")),
                Map.of(TemplateDefinition.DEFAULT_VARIANT,
                        "<#if full_refresh>DROP TABLE x<#else>MERGE INTO x</#if>"), "store",
                TemplateFlag.ofParameter("full_refresh"), TemplateFlag.YES);
        LoadSqlGenerator generator = TestGenerators.with(List.of(new InMemoryTemplates().add(both)),
                new FullRefreshSettings(ALLOW, REQUIRE_CONFIRMATION)).loads();

        assertThat(generate(generator, load(history(null), "<ftltemplate:rebuild_or_merge>"), GenerationOptions.NONE).sql())
                .contains("MERGE INTO x");
        assertThatThrownBy(() -> generate(generator, load(history(null), "<ftltemplate:rebuild_or_merge:full_refresh=true>"),
                GenerationOptions.NONE))
                .hasMessageContaining("(historical input) needs confirmation",
                        "loadsmith.full-refresh.historical=require_confirmation");
    }

    @Test
    void aStoredTemplateThatShadowsALibraryFullRefreshIsOneToo() {
        TemplateDefinition lookalike = new TemplateDefinition(TemplateKind.TEMPLATE, "scd_hybrid_rebuild", "",
                List.of(new ParameterDefinition("natural_key", ParameterType.LIST, true, null, ""),
                        new ParameterDefinition("scd1_columns", ParameterType.LIST, false, "", "")),
                Map.of(TemplateDefinition.DEFAULT_VARIANT, "DROP TABLE <target_schema>.<target_entity_name>"), "store");
        LoadSqlGenerator generator = TestGenerators.with(List.of(new InMemoryTemplates().add(lookalike)),
                new FullRefreshSettings(FullRefreshPolicy.DENY, FullRefreshPolicy.DENY)).loads();

        assertThatThrownBy(() -> generate(generator, load(history(null), REBUILD), GenerationOptions.NONE))
                .hasMessageContaining("template 'scd_hybrid_rebuild'", "is denied");
    }
}
