package io.loadsmith.limits;

import static io.loadsmith.store.Api.obj;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

import io.loadsmith.entitytype.LoadType;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.store.Api;
import io.loadsmith.store.H2StoreTest;
import tools.jackson.databind.JsonNode;

/**
 * Each limit of {@link Limits} through the API on a real store: a value at the limit is stored, one
 * more is refused with 400 naming the field and the limit, and the store reads the same as before.
 * Names are this class's own; what a test stores it removes.
 */
class FieldLimitsTest extends H2StoreTest {

    /** {@code prefix} padded with 'a' to {@code length} characters: a valid identifier of that length. */
    private static String text(String prefix, int length) {
        return prefix + "a".repeat(length - prefix.length());
    }

    private static Map<String, Object> attribute(String name) {
        return obj("name", name, "datatype", "CHAR", "dataLength", 10);
    }

    private static Map<String, Object> step(String name, String text) {
        return obj("name", name, "type", "OVERRIDE", "text", text);
    }

    private long created(String path, Object body) {
        return api().create(path, body).get("id").asLong();
    }

    private void delete(String path, long id) {
        assertThat(api().send(HttpMethod.DELETE, path + "/" + id, null).status()).isEqualTo(204);
    }

    /** The request is refused with 400, one error names {@code field} and says the limit; {@code readBack} is unchanged. */
    private Api.Answer refused(HttpMethod method, String path, Object body, String field, long limit, String readBack) {
        JsonNode before = api().get(readBack);
        Api.Answer answer = api().send(method, path, body);
        assertThat(answer.status()).as(answer.body()).isEqualTo(400);
        assertThat(answer.json().get("errors")).as(answer.body()).anySatisfy(error -> {
            assertThat(error.get("field").asString()).isEqualTo(field);
            assertThat(error.get("message").asString()).contains("at most " + limit);
        });
        assertThat(api().get(readBack)).isEqualTo(before);
        return answer;
    }

    private Api.Answer refused(String path, Object body, String field, long limit) {
        return refused(HttpMethod.POST, path, body, field, limit, path);
    }

    @Test
    void nameOf128IsStoredAnd129IsRefused() {
        long id = created("/api/v1/attribute-types", obj("name", text("LIM_AT_", Limits.NAME)));
        refused("/api/v1/attribute-types", obj("name", text("LIM_AT_", Limits.NAME + 1)), "name", Limits.NAME);
        delete("/api/v1/attribute-types", id);
    }

    /** The environment name column is varchar(64): a longer name used to reach the database. */
    @Test
    void environmentNameOf64IsStoredAnd65IsRefused() {
        long id = created("/api/v1/environments", obj("name", text("lim_env_", Limits.ENVIRONMENT_NAME)));
        refused("/api/v1/environments", obj("name", text("lim_env_", Limits.ENVIRONMENT_NAME + 1)), "name",
                Limits.ENVIRONMENT_NAME);
        delete("/api/v1/environments", id);
    }

    @Test
    void namePrefixOf64IsStoredAnd65IsRefused() {
        long id = created("/api/v1/entity-types", obj("name", "LIM_AFFIX", "namePrefix", text("P_", Limits.NAME_AFFIX)));
        refused("/api/v1/entity-types", obj("name", "LIM_AFFIX_2", "namePrefix", text("P_", Limits.NAME_AFFIX + 1)),
                "namePrefix", Limits.NAME_AFFIX);
        delete("/api/v1/entity-types", id);
    }

    /** 19 placeholders and 9 letters: 256 characters that still give a short identifier. */
    @Test
    void nameTemplateOf256IsStoredAnd257IsRefused() {
        String placeholders = "<entity_name>".repeat(19);
        String atLimit = placeholders + "a".repeat(Limits.NAME_TEMPLATE - placeholders.length());
        long id = created("/api/v1/default-attributes", obj("code", "lim_template", "nameTemplate", atLimit,
                "datatype", "CHAR", "dataLength", 10));
        refused("/api/v1/default-attributes", obj("code", "lim_template_2", "nameTemplate", atLimit + "a",
                "datatype", "CHAR", "dataLength", 10), "nameTemplate", Limits.NAME_TEMPLATE);
        delete("/api/v1/default-attributes", id);
    }

    /** No dialect is 32 characters long: at the limit the size passes and the dialect rule answers. */
    @Test
    void codeOf32PassesTheSizeCheckAnd33IsRefused() {
        Api.Answer atLimit = api().send(HttpMethod.POST, "/api/v1/datatype-mappings", obj("dialect", text("d", Limits.CODE),
                "logicalDatatype", "CHAR", "physicalPattern", "CHAR({length})"));
        assertThat(atLimit.status()).isEqualTo(400);
        assertThat(atLimit.body()).contains("is not a target dialect").doesNotContain("at most " + Limits.CODE);
        refused("/api/v1/datatype-mappings", obj("dialect", text("d", Limits.CODE + 1), "logicalDatatype", "CHAR",
                "physicalPattern", "CHAR({length})"), "dialect", Limits.CODE);
    }

    @Test
    void physicalPatternOf200IsStoredAnd201IsRefused() {
        String pattern = "CHAR({length}) ";
        long id = created("/api/v1/datatype-mappings", obj("dialect", "bigquery", "logicalDatatype", "CHAR",
                "physicalPattern", pattern + "x".repeat(Limits.PHYSICAL_PATTERN - pattern.length())));
        refused("/api/v1/datatype-mappings", obj("dialect", "h2", "logicalDatatype", "CHAR",
                "physicalPattern", pattern + "x".repeat(Limits.PHYSICAL_PATTERN + 1 - pattern.length())),
                "physicalPattern", Limits.PHYSICAL_PATTERN);
        delete("/api/v1/datatype-mappings", id);
    }

    /** Also on PUT: the stored entity keeps its description. */
    @Test
    void descriptionOf2000IsStoredAnd2001IsRefused() {
        Map<String, Object> entity = obj("logicalName", "LIM_DESC", "name", "LIM_DESC", "schema", "lim",
                "description", "d".repeat(Limits.DESCRIPTION), "attributes", List.of(attribute("id")));
        JsonNode stored = api().create("/api/v1/entities", entity);
        long id = stored.get("id").asLong();
        Map<String, Object> longer = Api.toMap(stored);
        longer.put("description", "d".repeat(Limits.DESCRIPTION + 1));
        refused(HttpMethod.PUT, "/api/v1/entities/" + id, longer, "description", Limits.DESCRIPTION, "/api/v1/entities/" + id);
        Map<String, Object> other = new LinkedHashMap<>(entity);
        other.put("logicalName", "LIM_DESC_2");
        other.put("name", "LIM_DESC_2");
        other.put("description", "d".repeat(Limits.DESCRIPTION + 1));
        refused("/api/v1/entities", other, "description", Limits.DESCRIPTION);
        delete("/api/v1/entities", id);
    }

    @Test
    void commitMessageOf2000IsStoredAnd2001IsRefused() {
        long pkg = created("/api/v1/packages", obj("name", "lim_commit"));
        String versions = "/api/v1/packages/" + pkg + "/versions";
        refused(HttpMethod.POST, versions, obj("message", "m".repeat(Limits.DESCRIPTION + 1)), "message",
                Limits.DESCRIPTION, versions);
        refused(HttpMethod.POST, versions, obj("message", "m", "author", "a".repeat(Limits.NAME + 1)), "author",
                Limits.NAME, versions);
        api().create(versions, obj("message", "m".repeat(Limits.DESCRIPTION)));
        delete("/api/v1/packages", pkg);
    }

    @Test
    void variableValueOf4000IsStoredAnd4001AndAnOverLongNameAreRefused() {
        long id = created("/api/v1/environments", obj("name", "lim_value", "variables", Map.of("v", "x".repeat(Limits.VALUE))));
        refused("/api/v1/environments", obj("name", "lim_value_2", "variables", Map.of("v", "x".repeat(Limits.VALUE + 1))),
                "variables.v", Limits.VALUE);
        refused("/api/v1/environments", obj("name", "lim_value_3", "variables", Map.of("k".repeat(Limits.NAME + 1), "x")),
                "variables", Limits.NAME);
        delete("/api/v1/environments", id);
    }

    /** The refusal does not echo the megabyte back: the value is shortened in the answer. */
    @Test
    void templateTextOfAMillionCharactersIsStoredAndOneMoreIsRefused() {
        long id = created("/api/v1/templates", obj("name", "lim_text", "variants",
                Map.of("default", "x".repeat(Limits.TEMPLATE_TEXT))));
        Api.Answer answer = refused("/api/v1/templates", obj("name", "lim_text_2", "variants",
                Map.of("default", "x".repeat(Limits.TEMPLATE_TEXT + 1))), "variants.default", Limits.TEMPLATE_TEXT);
        assertThat(answer.body().length()).isLessThan(2_000);
        assertThat(answer.json().get("errors").get(0).get("value").asString()).endsWith("(1000001 characters)");
        delete("/api/v1/templates", id);
    }

    @Test
    void formulaOf100000CharactersIsStoredAndOneMoreIsRefused() {
        long id = created("/api/v1/transformation-types", obj("name", "LIM_FORMULA", "formulas",
                Map.of("default", "x".repeat(Limits.FORMULA_TEXT))));
        refused("/api/v1/transformation-types", obj("name", "LIM_FORMULA_2", "formulas",
                Map.of("default", "x".repeat(Limits.FORMULA_TEXT + 1))), "formulas.default", Limits.FORMULA_TEXT);
        delete("/api/v1/transformation-types", id);
    }

    @Test
    void parameterCountOf100IsStoredAnd101IsRefused() {
        List<Map<String, Object>> parameters = IntStream.rangeClosed(1, Limits.PARAMETERS)
                .mapToObj(i -> obj("name", "p" + i, "required", false)).collect(java.util.stream.Collectors.toCollection(ArrayList::new));
        long id = created("/api/v1/templates", obj("name", "lim_params", "parameters", parameters,
                "variants", Map.of("default", "x")));
        parameters.add(obj("name", "one_more", "required", false));
        refused("/api/v1/templates", obj("name", "lim_params_2", "parameters", parameters,
                "variants", Map.of("default", "x")), "parameters", Limits.PARAMETERS);
        delete("/api/v1/templates", id);
    }

    @Test
    void entityTypeWithEveryLoadTypeIsStoredAndOneMoreIsRefused() {
        List<Map<String, Object>> pairs = new ArrayList<>();
        for (PhysicalType physical : PhysicalType.values()) {
            for (LoadType load : LoadType.values()) {
                pairs.add(obj("physicalType", physical.name(), "loadType", load.name()));
            }
        }
        assertThat(pairs).hasSize(Limits.LOAD_TYPES);
        long id = created("/api/v1/entity-types", obj("name", "LIM_LOAD_TYPES", "loadTypes", pairs));
        pairs.add(pairs.get(0));
        refused("/api/v1/entity-types", obj("name", "LIM_LOAD_TYPES_2", "loadTypes", pairs), "loadTypes",
                Limits.LOAD_TYPES);
        delete("/api/v1/entity-types", id);
    }

    @Test
    void variableCountOf1000IsStoredAnd1001IsRefused() {
        Map<String, String> variables = new LinkedHashMap<>();
        IntStream.rangeClosed(1, Limits.VARIABLES).forEach(i -> variables.put("v" + i, "x"));
        long id = created("/api/v1/environments", obj("name", "lim_vars", "variables", variables));
        variables.put("one_more", "x");
        refused("/api/v1/environments", obj("name", "lim_vars_2", "variables", variables), "variables", Limits.VARIABLES);
        delete("/api/v1/environments", id);
    }

    @Test
    void attributeCountOf1000IsStoredAnd1001IsRefused() {
        List<Map<String, Object>> attributes = IntStream.rangeClosed(1, Limits.ATTRIBUTES)
                .mapToObj(i -> attribute("a" + i)).collect(java.util.stream.Collectors.toCollection(ArrayList::new));
        long id = created("/api/v1/entities", obj("logicalName", "LIM_ATTRS", "name", "LIM_ATTRS", "schema", "lim",
                "attributes", attributes));
        attributes.add(attribute("one_more"));
        refused("/api/v1/entities", obj("logicalName", "LIM_ATTRS_2", "name", "LIM_ATTRS_2", "schema", "lim",
                "attributes", attributes), "attributes", Limits.ATTRIBUTES);
        delete("/api/v1/entities", id);
    }

    /**
     * One load at every load limit: a target whose schema and name have 128 characters each (257 with
     * the dot), a step text of a million characters, 500 steps, 100 sources and 100 options; then each
     * one more.
     */
    @Test
    void loadAtEveryLimitIsStoredAndOneMoreOfEachIsRefused() {
        String schema = text("s", Limits.NAME);
        String name = text("N", Limits.NAME);
        long target = created("/api/v1/entities", obj("logicalName", name, "name", name, "schema", schema,
                "attributes", List.of(attribute("id"))));
        long source = created("/api/v1/entities", obj("logicalName", "LIM_SOURCE", "name", "LIM_SOURCE", "schema", "lim",
                "attributes", List.of(attribute("id"))));
        String qualified = schema + "." + name;
        assertThat(qualified).hasSize(Limits.QUALIFIED_NAME);
        List<Map<String, Object>> steps = IntStream.range(1, Limits.STEPS)
                .mapToObj(i -> step("step_" + i, "SELECT " + i)).collect(java.util.stream.Collectors.toCollection(ArrayList::new));
        steps.add(0, step("big", "x".repeat(Limits.STEP_TEXT)));
        List<String> sources = new ArrayList<>(java.util.Collections.nCopies(Limits.SOURCES, "lim.LIM_SOURCE"));
        Map<String, String> options = new LinkedHashMap<>();
        IntStream.rangeClosed(1, Limits.OPTIONS).forEach(i -> options.put("o" + i, "x"));
        Map<String, Object> load = obj("name", "lim_load", "target", qualified, "sources", sources, "steps", steps,
                "options", options);
        long id = created("/api/v1/loads", load);

        Map<String, Object> over = new LinkedHashMap<>(load);
        over.put("name", "lim_load_2");
        over.put("target", qualified + "x");
        refused("/api/v1/loads", over, "target", Limits.QUALIFIED_NAME);
        over.put("target", qualified);
        List<Map<String, Object>> longerText = new ArrayList<>(steps);
        longerText.set(0, step("big", "x".repeat(Limits.STEP_TEXT + 1)));
        over.put("steps", longerText);
        refused("/api/v1/loads", over, "steps[0].text", Limits.STEP_TEXT);
        List<Map<String, Object>> moreSteps = new ArrayList<>(steps);
        moreSteps.add(step("one_more", "SELECT 1"));
        over.put("steps", moreSteps);
        refused("/api/v1/loads", over, "steps", Limits.STEPS);
        over.put("steps", steps);
        List<String> moreSources = new ArrayList<>(sources);
        moreSources.add("lim.LIM_SOURCE");
        over.put("sources", moreSources);
        refused("/api/v1/loads", over, "sources", Limits.SOURCES);
        over.put("sources", sources);
        Map<String, String> moreOptions = new LinkedHashMap<>(options);
        moreOptions.put("one_more", "x");
        over.put("options", moreOptions);
        refused("/api/v1/loads", over, "options", Limits.OPTIONS);

        delete("/api/v1/loads", id);
        delete("/api/v1/entities", source);
        delete("/api/v1/entities", target);
    }

    /** A package import goes through the same records: an over-long field is a problem at its JSON path. */
    @Test
    void importRefusesWhatTheApiRefusesAndStoresNothing() {
        String json = "{\"name\": \"lim_import\", \"entities\": [{\"schema\": \"lim\", \"name\": \"LIM_IMPORTED\","
                + " \"logicalName\": \"LIM_IMPORTED\", \"physicalType\": \"TABLE\", \"description\": \""
                + "d".repeat(Limits.DESCRIPTION + 1) + "\", \"attributes\": [{\"name\": \"id\", \"datatype\": \"CHAR\","
                + " \"dataLength\": 10}]}]}";
        JsonNode packagesBefore = api().get("/api/v1/packages");
        JsonNode entitiesBefore = api().get("/api/v1/entities");
        Api.Raw answer = api().raw(HttpMethod.POST, "/api/v1/packages/import", json.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertThat(answer.status()).as(answer.text()).isEqualTo(400);
        assertThat(answer.text()).contains("$.entities[0].description", "at most " + Limits.DESCRIPTION);
        assertThat(api().get("/api/v1/packages")).isEqualTo(packagesBefore);
        assertThat(api().get("/api/v1/entities")).isEqualTo(entitiesBefore);
    }
}
