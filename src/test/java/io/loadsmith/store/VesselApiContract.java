package io.loadsmith.store;

import io.loadsmith.engine.Golden;
import static io.loadsmith.store.Api.obj;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.http.HttpMethod;

import tools.jackson.databind.JsonNode;

/**
 * The vessel example built through the REST API must generate the seed's SQL; bad input must be
 * refused with a message that says what and where, and must leave the stored model as it was.
 * Implemented once per metadata store (H2, PostgreSQL).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public interface VesselApiContract {

    Api api();

    @BeforeAll
    default void buildVesselModel() {
        VesselModel.ensure(api());
    }

    default long loadId() {
        return VesselModel.ensure(api());
    }

    default String sql(String dialect) {
        return api().text("/api/v1/loads/" + loadId() + "/sql?dialect=" + dialect);
    }

    @Test
    default void vesselBuiltThroughTheApiGeneratesTheSeedSql() {
        assertThat(Golden.normalize(sql("snowflake"))).isEqualTo(Golden.normalize(Golden.expectedSnowflakeSql()));
    }

    @Test
    default void entityCreatedByTypeGetsNameSchemaAndDefaultAttributesFirst() {
        JsonNode entity = api().get("/api/v1/entities?name=" + VesselModel.ENTITY).get(0);
        assertThat(entity.get("name").asString()).isEqualTo("D_VESSEL_SCD2");
        assertThat(entity.get("schema").asString()).isEqualTo("publish");
        assertThat(entity.get("physicalType").asString()).isEqualTo("TABLE");
        assertThat(entity.get("entityType").asString()).isEqualTo("DIM_SCD2");
        assertThat(entity.get("attributes").valueStream().map(a -> a.get("name").asString()).toList()).containsExactly(
                "vessel_scd_id", "vessel_id", "datahash", "valid_from", "valid_to", "validity_status",
                "mmsi_key", "vessel_name", "vessel_type_code", "vessel_type", "country_code", "country", "source_system");
        assertThat(entity.get("attributes").get(0).get("attributeType").asString()).isEqualTo("SCD_ID");
        assertThat(entity.get("attributes").get(0).get("dataLength").asInt()).isEqualTo(32);
    }

    @Test
    default void entityDdlPerDialect() {
        long id = api().get("/api/v1/entities?name=" + VesselModel.ENTITY).get(0).get("id").asLong();

        assertThat(api().text("/api/v1/entities/" + id + "/ddl?dialect=postgresql")).startsWith("""
                CREATE TABLE publish.D_VESSEL_SCD2 (
                    vessel_scd_id CHAR(32),""").contains("    validity_status SMALLINT,\n", "    mmsi_key BIGINT,\n");
        assertThat(api().text("/api/v1/entities/" + id + "/ddl?dialect=bigquery")).contains("    vessel_name STRING,\n");
        assertThat(api().send(HttpMethod.GET, "/api/v1/entities/" + id + "/ddl?dialect=oracle", null).status())
                .isEqualTo(400);
    }

    @Test
    default void seedTemplateStoredAsUserTemplateGivesTheSameSql() {
        JsonNode stored = api().create("/api/v1/templates", obj("name", "scd2",
                "parameters", List.of(obj("name", "temp_table_prefix", "type", "STRING", "required", true)),
                "variants", Map.of("default", Golden.read("scd2.ftl"))));
        try {
            assertThat(Golden.normalize(sql("snowflake"))).isEqualTo(Golden.normalize(Golden.expectedSnowflakeSql()));
        } finally {
            assertThat(api().send(HttpMethod.DELETE, "/api/v1/templates/" + stored.get("id").asLong(), null).status())
                    .isEqualTo(204);
        }
    }

    @Test
    default void storedTemplateShadowsTheLibrary() {
        JsonNode stored = api().create("/api/v1/templates", obj("name", "scd2",
                "parameters", List.of(obj("name", "temp_table_prefix", "required", true)),
                "variants", Map.of("default", "SELECT '${temp_table_prefix}' AS shadowed")));
        try {
            assertThat(sql("snowflake")).contains("SELECT 'Z_TMP_' AS shadowed;");
        } finally {
            api().send(HttpMethod.DELETE, "/api/v1/templates/" + stored.get("id").asLong(), null);
        }
        assertThat(sql("snowflake")).doesNotContain("shadowed");
    }

    @Test
    default void storedDatatypeMappingOverridesTheDialectUntilDeleted() {
        JsonNode mapping = api().create("/api/v1/datatype-mappings", obj("dialect", "snowflake",
                "logicalDatatype", "TIMESTAMP", "physicalPattern", "TIMESTAMP_NTZ"));
        try {
            assertThat(sql("snowflake")).contains("CAST(null AS TIMESTAMP_NTZ) AS valid_to");
        } finally {
            api().send(HttpMethod.DELETE, "/api/v1/datatype-mappings/" + mapping.get("id").asLong(), null);
        }
        assertThat(Golden.normalize(sql("snowflake"))).isEqualTo(Golden.normalize(Golden.expectedSnowflakeSql()));
    }

    /** FreeMarker caches parsed formulas: a stored formula must take effect at once and go away with it. */
    @Test
    default void storedFormulaShadowsTheLibraryUntilDeleted() {
        JsonNode type = api().create("/api/v1/transformation-types", obj("name", "REFERENCE_HASH_DIFF",
                "formulas", Map.of("snowflake", "TEAM_HASH(<#list sourceAttributes as a>${a.attributeName}<#sep>, </#list>)")));
        try {
            assertThat(sql("snowflake")).contains("TEAM_HASH(vessel_id, mmsi_key, vessel_name,");
        } finally {
            api().send(HttpMethod.DELETE, "/api/v1/transformation-types/" + type.get("id").asLong(), null);
        }
        assertThat(Golden.normalize(sql("snowflake"))).isEqualTo(Golden.normalize(Golden.expectedSnowflakeSql()));
    }

    @Test
    default void packagesAndEnvironmentsHaveFullCrudWithNameFilterAndDuplicateNameConflict() {
        JsonNode pkg = api().create("/api/v1/packages", obj("name", "crud_pkg", "description", "first"));
        Map<String, Object> change = Api.toMap(pkg);
        change.put("description", "second");
        Api.Answer updated = api().send(HttpMethod.PUT, "/api/v1/packages/" + pkg.get("id").asLong(), change);
        assertThat(updated.status()).as(updated.body()).isEqualTo(200);
        assertThat(api().get("/api/v1/packages?name=crud_pkg").get(0).get("description").asString()).isEqualTo("second");
        Api.Answer duplicate = api().send(HttpMethod.POST, "/api/v1/packages", obj("name", "crud_pkg"));
        assertThat(duplicate.status()).isEqualTo(409);
        assertThat(duplicate.json().get("detail").asString()).contains("crud_pkg", "already exists");
        assertThat(api().send(HttpMethod.DELETE, "/api/v1/packages/" + pkg.get("id").asLong(), null).status())
                .isEqualTo(204);
        assertThat(api().send(HttpMethod.GET, "/api/v1/packages/" + pkg.get("id").asLong(), null).status())
                .isEqualTo(404);

        JsonNode env = api().create("/api/v1/environments", obj("name", "crud_env",
                "variables", Map.of("warehouse_database", "DW_TEST")));
        Api.Answer badVariable = api().send(HttpMethod.PUT, "/api/v1/environments/" + env.get("id").asLong(),
                obj("version", env.get("version").asLong(), "name", "crud_env", "variables", Map.of("bad-name", "x")));
        assertThat(badVariable.status()).isEqualTo(400);
        assertThat(badVariable.json().get("errors").get(0).get("field").asString()).isEqualTo("variables.bad-name");
        assertThat(api().get("/api/v1/environments/" + env.get("id").asLong())).isEqualTo(env);
        String sql = api().text("/api/v1/loads/" + loadId() + "/sql?dialect=snowflake&environment=crud_env");
        assertThat(Golden.normalize(sql)).isEqualTo(Golden.normalize(Golden.expectedSnowflakeSql()));
        api().send(HttpMethod.DELETE, "/api/v1/environments/" + env.get("id").asLong(), null);
    }

    /** The attribute limit holds for the entity as stored: the type's default attributes count too. */
    @Test
    default void theAttributeLimitCountsTheTypesDefaultAttributes() {
        Api.Answer over = api().send(HttpMethod.POST, "/api/v1/entities", obj("logicalName", "BIGP",
                "entityType", "DIM_SCD2", "attributes", integerAttributes(1000)));
        assertThat(over.status()).as(over.body()).isEqualTo(400);
        assertThat(over.json().get("errors").get(0).get("field").asString()).isEqualTo("attributes");
        assertThat(over.json().get("errors").get(0).get("message").asString()).isEqualTo("would give entity"
                + " publish.D_BIGP_SCD2 1,006 attributes with its type's 6 default attributes; an entity has at most 1,000");
        assertThat(api().get("/api/v1/entities?name=D_BIGP_SCD2")).isEmpty();

        JsonNode atLimit = api().create("/api/v1/entities", obj("logicalName", "BIGP", "entityType", "DIM_SCD2",
                "attributes", integerAttributes(994)));
        try {
            assertThat(atLimit.get("attributes")).hasSize(1000);
            // What GET answers can be saved again as it stands.
            Api.Answer again = api().send(HttpMethod.PUT, "/api/v1/entities/" + atLimit.get("id").asLong(),
                    Api.toMap(api().get("/api/v1/entities/" + atLimit.get("id").asLong())));
            assertThat(again.status()).as(again.body()).isEqualTo(200);
        } finally {
            api().send(HttpMethod.DELETE, "/api/v1/entities/" + atLimit.get("id").asLong(), null);
        }
    }

    private static List<Map<String, Object>> integerAttributes(int count) {
        return java.util.stream.IntStream.range(0, count)
                .mapToObj(i -> obj("name", "a" + i, "datatype", "INTEGER8")).toList();
    }

    @Test
    default void inUseReferencesCannotBeDeleted() {
        JsonNode type = api().get("/api/v1/entity-types?name=DIM_SCD2").get(0);
        Api.Answer answer = api().send(HttpMethod.DELETE, "/api/v1/entity-types/" + type.get("id").asLong(), null);
        assertThat(answer.status()).isEqualTo(409);
        assertThat(answer.json().get("detail").asString()).contains("DIM_SCD2", "still has entities");
        JsonNode entity = api().get("/api/v1/entities?name=" + VesselModel.ENTITY).get(0);
        Api.Answer entityAnswer = api().send(HttpMethod.DELETE, "/api/v1/entities/" + entity.get("id").asLong(), null);
        assertThat(entityAnswer.status()).isEqualTo(409);
        assertThat(entityAnswer.json().get("detail").asString()).contains("load_d_vessel_scd2");
        assertThat(api().get("/api/v1/entities/" + entity.get("id").asLong())).isEqualTo(entity);
    }

    /** A stored template that a load calls cannot be deleted: the load's SQL would fail (no library template takes over). */
    @Test
    default void aTemplateThatALoadCallsCannotBeDeleted() {
        JsonNode called = api().create("/api/v1/templates", obj("name", "tcalled", "variants", Map.of("default", "SELECT 1")));
        // Its name begins tcalled: found by the query's LIKE, but no step calls it.
        JsonNode prefix = api().create("/api/v1/templates", obj("name", "tcall", "variants", Map.of("default", "SELECT 2")));
        JsonNode load = api().create("/api/v1/loads", obj("name", "l_calls_tcalled", "target", VesselModel.ENTITY,
                "steps", List.of(VesselModel.step("s1", "<ftltemplate:tcalled>"))));
        try {
            Api.Answer refused = api().send(HttpMethod.DELETE, "/api/v1/templates/" + called.get("id").asLong(), null);
            assertThat(refused.status()).as(refused.body()).isEqualTo(409);
            assertThat(refused.json().get("detail").asString()).isEqualTo(
                    "Template 'tcalled' is called by steps of loads l_calls_tcalled; delete or change them first.");
            assertThat(api().get("/api/v1/templates/" + called.get("id").asLong())).isEqualTo(called);
            assertThat(api().send(HttpMethod.DELETE, "/api/v1/templates/" + prefix.get("id").asLong(), null).status())
                    .isEqualTo(204);
        } finally {
            api().send(HttpMethod.DELETE, "/api/v1/loads/" + load.get("id").asLong(), null);
        }
        assertThat(api().send(HttpMethod.DELETE, "/api/v1/templates/" + called.get("id").asLong(), null).status())
                .isEqualTo(204);
    }

    /** A package that still holds objects is not deleted, and the answer says what it holds (not a foreign-key 409). */
    @Test
    default void aPackageThatStillHoldsObjectsIsNotDeletedAndTheAnswerSaysWhat() {
        JsonNode pkg = api().create("/api/v1/packages", obj("name", "sweep"));
        JsonNode entity = api().create("/api/v1/entities", obj("logicalName", "SWEEP_E", "name", "SWEEP_E",
                "schema", "stage", "packageName", "sweep", "attributes", List.of(obj("name", "a", "datatype", "INTEGER8"))));
        JsonNode template = api().create("/api/v1/templates", obj("name", "sweep_t", "packageName", "sweep",
                "variants", Map.of("default", "SELECT 1")));
        Api.Answer refused = api().send(HttpMethod.DELETE, "/api/v1/packages/" + pkg.get("id").asLong(), null);
        assertThat(refused.status()).as(refused.body()).isEqualTo(409);
        assertThat(refused.json().get("detail").asString()).isEqualTo("Package 'sweep' still holds 1 entity and"
                + " 1 template; delete them or move them to another package first.");
        assertThat(api().get("/api/v1/packages/" + pkg.get("id").asLong())).isEqualTo(pkg);

        api().send(HttpMethod.DELETE, "/api/v1/entities/" + entity.get("id").asLong(), null);
        api().send(HttpMethod.DELETE, "/api/v1/templates/" + template.get("id").asLong(), null);
        assertThat(api().send(HttpMethod.DELETE, "/api/v1/packages/" + pkg.get("id").asLong(), null).status())
                .isEqualTo(204);
    }

    /** A parameter's required may be left out: false, as the OpenAPI document says. */
    @Test
    default void aParameterWithoutRequiredIsOptional() {
        JsonNode template = api().create("/api/v1/templates", obj("name", "tp1", "parameters", List.of(obj("name", "p")),
                "variants", Map.of("default", "x")));
        assertThat(template.get("parameters").get(0).get("required").asBoolean()).isFalse();
        assertThat(template.get("parameters").get(0).get("type").asString()).isEqualTo("STRING");
        api().send(HttpMethod.DELETE, "/api/v1/templates/" + template.get("id").asLong(), null);
    }

    // --- bad input: refused, located, and nothing changed -------------------------------------------

    private Api.Answer putLoadWithMergeStep(String mergeText) {
        Map<String, Object> load = Api.toMap(api().get("/api/v1/loads/" + loadId()));
        Map<String, Object> body = VesselModel.load();
        body.put("version", load.get("version"));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> steps = new java.util.ArrayList<>((List<Map<String, Object>>) body.get("steps"));
        steps.set(2, VesselModel.step("merge_scd2_with_ftl", mergeText));
        body.put("steps", steps);
        return api().send(HttpMethod.PUT, "/api/v1/loads/" + loadId(), body);
    }

    private void assertRefusedAtMergeStep(Api.Answer answer, String template, String... reason) {
        assertThat(answer.status()).as(answer.body()).isEqualTo(400);
        JsonNode problem = answer.json();
        assertThat(problem.get("detail").asString())
                .contains("Load 'load_d_vessel_scd2'", "step 3 'merge_scd2_with_ftl'", "template '" + template + "'",
                        "line 1")
                .contains(reason);
        assertThat(problem.get("load").asString()).isEqualTo("load_d_vessel_scd2");
        assertThat(problem.get("stepNumber").asInt()).isEqualTo(3);
        assertThat(problem.get("step").asString()).isEqualTo("merge_scd2_with_ftl");
        assertThat(problem.get("template").asString()).isEqualTo(template);
        assertThat(problem.get("line").asInt()).isEqualTo(1);
        assertThat(problem.get("errors").get(0).get("field").asString()).isEqualTo("steps[2].text");
        assertThat(answer.body()).doesNotContain("Exception", "at io.loadsmith");
    }

    @Test
    default void unknownTemplateInAStepIsRefusedAndNothingChanges() {
        JsonNode before = api().get("/api/v1/loads/" + loadId());
        assertRefusedAtMergeStep(putLoadWithMergeStep("<ftltemplate:no_such_template:x=1>"), "no_such_template",
                "There is no template 'no_such_template'");
        assertThat(api().get("/api/v1/loads/" + loadId())).isEqualTo(before);
        assertThat(Golden.normalize(sql("snowflake"))).isEqualTo(Golden.normalize(Golden.expectedSnowflakeSql()));
    }

    @Test
    default void missingRequiredParameterIsRefusedAndNothingChanges() {
        JsonNode before = api().get("/api/v1/loads/" + loadId());
        assertRefusedAtMergeStep(putLoadWithMergeStep("<ftltemplate:scd2>"), "scd2",
                "missing required parameter 'temp_table_prefix'");
        assertThat(api().get("/api/v1/loads/" + loadId())).isEqualTo(before);
    }

    /** Issue 20.1: a value that is not a name, in a parameter that names a table, is refused when the load is saved. */
    @Test
    default void aHostileNameInAnIdentifierParameterIsRefusedAndNothingChanges() {
        JsonNode before = api().get("/api/v1/loads/" + loadId());
        assertRefusedAtMergeStep(putLoadWithMergeStep("<ftltemplate:scd2:temp_table_prefix=Z_TMP_; DROP TABLE x; -->"),
                "scd2", "parameter 'temp_table_prefix' is IDENTIFIER");
        assertThat(api().get("/api/v1/loads/" + loadId())).isEqualTo(before);
    }

    /** Issue 20.1: environment values, load options and datatype patterns are refused where they are stored. */
    @Test
    default void valuesWrittenIntoSqlAsTheyStandAreRefusedWhenStored() {
        Api.Answer variable = api().send(HttpMethod.POST, "/api/v1/environments", obj("name", "hostile_env",
                "variables", Map.of("warehouse_database", "DW'; DROP TABLE x; --")));
        assertThat(variable.status()).isEqualTo(400);
        assertThat(variable.json().get("errors").get(0).get("field").asString()).isEqualTo("variables.warehouse_database");
        assertThat(variable.json().get("errors").get(0).get("message").asString()).contains("may hold only letters");
        assertThat(api().get("/api/v1/environments?name=hostile_env")).isEmpty();

        Map<String, Object> load = Api.toMap(api().get("/api/v1/loads/" + loadId()));
        load.put("options", Map.of("mode", "a */ b"));
        Api.Answer option = api().send(HttpMethod.PUT, "/api/v1/loads/" + loadId(), load);
        assertThat(option.status()).isEqualTo(400);
        assertThat(option.json().get("errors").get(0).get("field").asString()).isEqualTo("options.mode");

        Api.Answer mapping = api().send(HttpMethod.POST, "/api/v1/datatype-mappings", obj("dialect", "h2",
                "logicalDatatype", "VARCHAR", "physicalPattern", "VARCHAR(10), evil INT"));
        assertThat(mapping.status()).isEqualTo(400);
        assertThat(mapping.json().get("errors").get(0).get("field").asString()).isEqualTo("physicalPattern");
        assertThat(mapping.json().get("errors").get(0).get("message").asString()).contains("one type expression");
    }

    /** An option without a value is refused like an environment variable without one, not a 500. */
    @Test
    default void anOptionWithoutAValueIsRefusedWhereItIsStored() {
        Api.Answer created = api().send(HttpMethod.POST, "/api/v1/loads", obj("name", "l_null_option",
                "target", VesselModel.ENTITY, "options", obj("k", null)));
        assertRefusedAt(created, "options.k", "needs a value");
        assertThat(api().get("/api/v1/loads?name=l_null_option")).isEmpty();

        JsonNode before = api().get("/api/v1/loads/" + loadId());
        Map<String, Object> load = Api.toMap(before);
        load.put("options", obj("k", null));
        assertRefusedAt(api().send(HttpMethod.PUT, "/api/v1/loads/" + loadId(), load), "options.k", "needs a value");
        assertThat(api().get("/api/v1/loads/" + loadId())).isEqualTo(before);

        Api.Answer preset = api().send(HttpMethod.POST, "/api/v1/load-presets", obj("name", "pnull",
                "options", obj("a", null), "steps", List.of()));
        assertRefusedAt(preset, "options.a", "needs a value");
    }

    /** Templates call options by name (loadOpt), so option names follow the identifier rule, like variable names. */
    @Test
    default void optionNamesMustBeIdentifiersLikeVariableNames() {
        String notAnIdentifier = "is not a valid identifier: use letters, digits and _, not starting with a digit";
        assertRefusedAt(api().send(HttpMethod.POST, "/api/v1/loads", obj("name", "l_bad_option",
                "target", VesselModel.ENTITY, "options", obj("a;b */ x", "v"))), "options.a;b */ x", notAnIdentifier);
        assertRefusedAt(api().send(HttpMethod.POST, "/api/v1/loads", obj("name", "l_bad_option",
                "target", VesselModel.ENTITY, "options", obj("", "v"))), "options.", "is required");
        assertThat(api().get("/api/v1/loads?name=l_bad_option")).isEmpty();

        JsonNode before = api().get("/api/v1/loads/" + loadId());
        Map<String, Object> load = Api.toMap(before);
        load.put("options", obj("1st", "v"));
        assertRefusedAt(api().send(HttpMethod.PUT, "/api/v1/loads/" + loadId(), load), "options.1st", notAnIdentifier);
        assertThat(api().get("/api/v1/loads/" + loadId())).isEqualTo(before);

        assertRefusedAt(api().send(HttpMethod.POST, "/api/v1/load-presets", obj("name", "p_bad_option",
                "options", obj("a b", "v"), "steps", List.of())), "options.a b", notAnIdentifier);
        assertThat(api().get("/api/v1/load-presets?name=p_bad_option")).isEmpty();
    }

    /**
     * A variable named like a placeholder the load fills in, in any case, would be saved and never
     * used, or read as the load's own value: every spelling of every such placeholder is refused.
     */
    @Test
    default void anEnvironmentCannotSetAPlaceholderTheLoadFillsIn() {
        for (String placeholder : new java.util.TreeSet<>(io.loadsmith.generation.call.Placeholders.OF_THE_LOAD)) {
            for (String spelling : List.of(placeholder, placeholder.toUpperCase(java.util.Locale.ROOT), mixedCase(placeholder))) {
                assertRefusedAt(api().send(HttpMethod.POST, "/api/v1/environments", obj("name", "env_shadow",
                        "variables", obj(spelling, "other", "env_suffix", "_x"))), "variables." + spelling,
                        "is a placeholder that each load fills in itself (<" + placeholder + ">, in any case); an environment"
                                + " cannot set it, choose another name");
                assertThat(api().get("/api/v1/environments?name=env_shadow")).isEmpty();
            }
        }
        // A name that only contains one is another name.
        Api.Answer created = api().send(HttpMethod.POST, "/api/v1/environments", obj("name", "env_shadow",
                "variables", obj("Target_Schema_2", "other")));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(api().send(HttpMethod.DELETE, "/api/v1/environments/" + created.json().get("id").asLong(), null).status())
                .isEqualTo(204);
    }

    /** Target_Schema, Load_Name: each word's first letter upper-cased. */
    private static String mixedCase(String name) {
        StringBuilder out = new StringBuilder();
        for (String word : name.split("_", -1)) {
            out.append(out.isEmpty() ? "" : "_").append(word.isEmpty() ? "" : Character.toUpperCase(word.charAt(0)) + word.substring(1));
        }
        return out.toString();
    }

    private static void assertRefusedAt(Api.Answer answer, String field, String message) {
        assertThat(answer.status()).as(answer.body()).isEqualTo(400);
        assertThat(answer.json().get("errors")).hasSize(1);
        assertThat(answer.json().get("errors").get(0).get("field").asString()).isEqualTo(field);
        assertThat(answer.json().get("errors").get(0).get("message").asString()).isEqualTo(message);
    }

    @Test
    default void unknownParameterIsRefusedAndNothingChanges() {
        JsonNode before = api().get("/api/v1/loads/" + loadId());
        assertRefusedAtMergeStep(putLoadWithMergeStep("<ftltemplate:scd2:temp_table_prefix=Z_TMP_:colour=red>"), "scd2",
                "unknown parameter 'colour'");
        assertThat(api().get("/api/v1/loads/" + loadId())).isEqualTo(before);
    }

    @Test
    default void templateWithSyntaxErrorIsNotStored() {
        JsonNode before = api().get("/api/v1/templates");
        Api.Answer answer = api().send(HttpMethod.POST, "/api/v1/templates", obj("name", "broken_merge",
                "variants", Map.of("default", "SELECT 1\nFROM t\n<#if model.load.name == 'x'>\nWHERE 1 = 1\n")));
        assertThat(answer.status()).as(answer.body()).isEqualTo(400);
        JsonNode problem = answer.json();
        assertThat(problem.get("detail").asString()).contains("template 'broken_merge'", "syntax error", "line", "column");
        assertThat(problem.get("template").asString()).isEqualTo("broken_merge");
        assertThat(problem.get("variant").asString()).isEqualTo("default");
        assertThat(problem.get("line").asInt()).isPositive();
        assertThat(problem.get("column").asInt()).isPositive();
        assertThat(api().get("/api/v1/templates")).isEqualTo(before);
    }

    @Test
    default void runtimeErrorInAStoredTemplateNamesTemplateLineAndColumn() {
        JsonNode template = api().create("/api/v1/templates", obj("name", "uses_unknown",
                "variants", Map.of("default", "SELECT 1\nFROM ${no_such_variable}")));
        Map<String, Object> body = VesselModel.load();
        body.put("name", "load_uses_unknown");
        body.put("steps", List.of(VesselModel.step("only_step", "<ftltemplate:uses_unknown>")));
        JsonNode load = api().create("/api/v1/loads", body);
        try {
            Api.Answer answer = api().send(HttpMethod.GET, "/api/v1/loads/" + load.get("id").asLong()
                    + "/sql?dialect=snowflake", null);
            assertThat(answer.status()).as(answer.body()).isEqualTo(422);
            JsonNode problem = answer.json();
            assertThat(problem.get("load").asString()).isEqualTo("load_uses_unknown");
            assertThat(problem.get("step").asString()).isEqualTo("only_step");
            assertThat(problem.get("template").asString()).contains("uses_unknown");
            assertThat(problem.get("line").asInt()).isEqualTo(2);
            assertThat(problem.get("column").asInt()).isPositive();
            assertThat(problem.get("detail").asString()).contains("no_such_variable");
        } finally {
            api().send(HttpMethod.DELETE, "/api/v1/loads/" + load.get("id").asLong(), null);
            api().send(HttpMethod.DELETE, "/api/v1/templates/" + template.get("id").asLong(), null);
        }
    }

    @Test
    default void entityWithoutAnAttributeTypeTheTemplateNeedsIsNamedInTheError() {
        List<Map<String, Object>> attributes = new java.util.ArrayList<>(VesselModel.businessAttributes());
        Map<String, Object> hashKey = VesselModel.attribute("ship_id", "CHAR", 32);
        hashKey.put("attributeType", "DV_HASHKEY");
        attributes.add(0, hashKey);
        JsonNode entity = api().create("/api/v1/entities", obj("logicalName", "SHIP", "name", "D_SHIP",
                "schema", "publish", "attributes", attributes));
        Map<String, Object> body = VesselModel.load();
        body.put("name", "load_d_ship");
        body.put("target", "publish.D_SHIP");
        JsonNode load = api().create("/api/v1/loads", body);
        try {
            JsonNode before = api().get("/api/v1/loads/" + load.get("id").asLong());
            Api.Answer answer = api().send(HttpMethod.GET, "/api/v1/loads/" + load.get("id").asLong()
                    + "/sql?dialect=snowflake", null);
            assertThat(answer.status()).as(answer.body()).isEqualTo(422);
            JsonNode problem = answer.json();
            assertThat(problem.get("detail").asString()).contains("publish.D_SHIP", "SCD_ID");
            assertThat(problem.get("load").asString()).isEqualTo("load_d_ship");
            assertThat(problem.get("stepNumber").asInt()).isEqualTo(3);
            assertThat(problem.get("template").asString()).contains("scd2");
            assertThat(problem.get("line").asInt()).isPositive();
            assertThat(api().get("/api/v1/loads/" + load.get("id").asLong())).isEqualTo(before);
        } finally {
            api().send(HttpMethod.DELETE, "/api/v1/loads/" + load.get("id").asLong(), null);
            api().send(HttpMethod.DELETE, "/api/v1/entities/" + entity.get("id").asLong(), null);
        }
    }

    @Test
    default void invalidEntityNameIsRefusedNamingFieldAndValue() {
        JsonNode before = api().get("/api/v1/entities");
        Api.Answer answer = api().send(HttpMethod.POST, "/api/v1/entities", obj("logicalName", "SEA-VESSEL",
                "entityType", "DIM_SCD2", "attributes", VesselModel.businessAttributes()));
        assertThat(answer.status()).as(answer.body()).isEqualTo(400);
        JsonNode error = answer.json().get("errors").get(0);
        assertThat(error.get("field").asString()).isEqualTo("logicalName");
        assertThat(error.get("value").asString()).isEqualTo("SEA-VESSEL");
        assertThat(answer.json().get("detail").asString()).contains("logicalName", "SEA-VESSEL", "identifier");
        assertThat(api().get("/api/v1/entities")).isEqualTo(before);
    }

    @Test
    default void businessAttributeMayNotTakeADefaultAttributesName() {
        JsonNode before = api().get("/api/v1/entities");
        Api.Answer answer = api().send(HttpMethod.POST, "/api/v1/entities", obj("logicalName", "CARGO",
                "entityType", "DIM_SCD2", "attributes", List.of(VesselModel.attribute("cargo_code", "VARCHAR", 5),
                        VesselModel.attribute("Valid_From", "TIMESTAMP", null))));
        assertThat(answer.status()).as(answer.body()).isEqualTo(400);
        assertThat(answer.json().get("errors").get(0).get("field").asString()).isEqualTo("attributes[1].name");
        assertThat(answer.json().get("errors").get(0).get("value").asString()).isEqualTo("Valid_From");
        assertThat(api().get("/api/v1/entities")).isEqualTo(before);
    }

    @Test
    default void invalidAttributeNameIsRefusedAndTheEntityIsUnchanged() {
        JsonNode before = api().get("/api/v1/entities?name=" + VesselModel.ENTITY).get(0);
        Map<String, Object> body = Api.toMap(before);
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> attributes = (List<Map<String, Object>>) body.get("attributes");
        attributes.get(7).put("name", "vessel name");
        Api.Answer answer = api().send(HttpMethod.PUT, "/api/v1/entities/" + before.get("id").asLong(), body);
        assertThat(answer.status()).as(answer.body()).isEqualTo(400);
        JsonNode error = answer.json().get("errors").get(0);
        assertThat(error.get("field").asString()).isEqualTo("attributes[7].name");
        assertThat(error.get("value").asString()).isEqualTo("vessel name");
        assertThat(api().get("/api/v1/entities/" + before.get("id").asLong())).isEqualTo(before);
    }

    @Test
    default void sandboxRefusesNewAndApiAtSaveAndStoresNothing() {
        JsonNode before = api().get("/api/v1/templates");
        for (String construct : List.of("?new", "?api")) {
            String text = "SELECT 1\n<#assign x = \"freemarker.template.utility.Execute\"" + construct + "()>\n${x}";
            Api.Answer answer = api().send(HttpMethod.POST, "/api/v1/templates", obj("name", "escape",
                    "variants", Map.of("default", text)));
            assertThat(answer.status()).as(answer.body()).isEqualTo(400);
            assertThat(answer.json().get("detail").asString()).contains("refused", construct, "line 2");
            assertThat(answer.json().get("construct").asString()).isEqualTo(construct);
            assertThat(answer.json().get("line").asInt()).isEqualTo(2);
        }
        assertThat(api().get("/api/v1/templates")).isEqualTo(before);
    }

    @Test
    default void staleVersionOnPutIsAConflictAndKeepsTheNewerChange() {
        JsonNode read = api().get("/api/v1/entities?name=" + VesselModel.ENTITY).get(0);
        Map<String, Object> first = Api.toMap(read);
        first.put("description", "changed by the first writer");
        Api.Answer ok = api().send(HttpMethod.PUT, "/api/v1/entities/" + read.get("id").asLong(), first);
        assertThat(ok.status()).as(ok.body()).isEqualTo(200);
        assertThat(ok.json().get("version").asLong()).isGreaterThan(read.get("version").asLong());
        JsonNode afterFirst = api().get("/api/v1/entities/" + read.get("id").asLong());

        Map<String, Object> second = Api.toMap(read);
        second.put("description", "changed by the second writer, based on an old read");
        Api.Answer stale = api().send(HttpMethod.PUT, "/api/v1/entities/" + read.get("id").asLong(), second);
        assertThat(stale.status()).as(stale.body()).isEqualTo(409);
        assertThat(stale.json().get("detail").asString()).contains("changed by someone else");
        assertThat(api().get("/api/v1/entities/" + read.get("id").asLong())).isEqualTo(afterFirst);
    }

    @Test
    default void unknownIdIsNotFoundAsProblemDetail() {
        Api.Answer answer = api().send(HttpMethod.GET, "/api/v1/loads/999999", null);
        assertThat(answer.status()).isEqualTo(404);
        assertThat(answer.json().get("detail").asString()).isEqualTo("Load 999999 does not exist.");
        Api.Answer environment = api().send(HttpMethod.GET, "/api/v1/loads/" + loadId() + "/sql?dialect=snowflake"
                + "&environment=nowhere", null);
        assertThat(environment.status()).isEqualTo(400);
        assertThat(environment.json().get("detail").asString()).contains("nowhere", "known environments");
    }

    @Test
    default void dialectsAreListedWithLabels() {
        JsonNode dialects = api().get("/api/v1/dialects");
        assertThat(dialects.valueStream().map(d -> d.get("name").asString()).toList()).contains("snowflake", "h2")
                .doesNotContain("ansi");
        assertThat(dialects.valueStream().filter(d -> d.get("name").asString().equals("snowflake")).findFirst()
                .orElseThrow().get("label").asString()).isEqualTo("Snowflake");
    }
}
