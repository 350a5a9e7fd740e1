package io.loadsmith.preset;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.io.ClassPathResource;
import org.springframework.mock.web.MockMultipartFile;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;

import io.loadsmith.entitytype.LoadType;
import io.loadsmith.store.H2DemoStoreTest;

/**
 * Which presets a type offers on a fresh install: the shipped ones that name it, whether the type came
 * with the demo, from the commercial tool's configuration import or does not exist yet; a preset of
 * the type's own takes over from them.
 */
class ShippedPresetOffersTest extends H2DemoStoreTest {

    @Autowired
    LoadPresetService presets;

    @Test
    void aTypeFromTheConfigurationImportOffersTheShippedPresetOnTheNewEntityForm() throws Exception {
        MockMultipartFile file = new MockMultipartFile("file", "CONFIG_ENTITY_DEFAULTS.json", "application/json",
                new ClassPathResource("ade/config_entity_defaults.json").getContentAsByteArray());
        mvc.perform(MockMvcRequestBuilders.multipart("/packages/import").file(file).param("format", "ade")).andReturn();

        String form = mvc.perform(MockMvcRequestBuilders.get("/entities/new").param("entityType", "STAGE"))
                .andReturn().getResponse().getContentAsString(StandardCharsets.UTF_8);
        assertThat(form).contains("name=\"loadPreset\" value=\"generated_from_mapping\"");
        assertThat(api().get("/api/v1/load-presets?entityType=STAGE").valueStream().map(p -> p.get("name").asString()))
                .containsExactly("generated_from_mapping");
        // A generated load has no steps of its own: its mapping makes its SQL.
        assertThat(presets.list("generated_from_mapping").get(0).steps()).isEmpty();
    }

    @Test
    void theApiGivesEachTemplateStepsParametersWithTheirTypes() throws Exception {
        long id = presets.list("scd2_from_source").get(0).id();
        JsonNode preset = api().get("/api/v1/load-presets/" + id);
        JsonNode scd2 = preset.get("templateSteps").valueStream().filter(s -> s.get("template").asString().equals("scd2"))
                .findFirst().orElseThrow();
        assertThat(preset.get("steps").get(scd2.get("step").asInt()).get("text").asString()).startsWith("<ftltemplate:scd2:");
        assertThat(scd2.get("defined").asBoolean()).isTrue();
        java.util.Map<String, String> types = new java.util.TreeMap<>();
        java.util.Map<String, String> values = new java.util.TreeMap<>();
        scd2.get("parameters").valueStream().forEach(p -> {
            types.put(p.get("name").asString(), p.get("type").asString());
            values.put(p.get("name").asString(), p.get("value").isNull() ? null : p.get("value").asString());
        });
        assertThat(types).containsEntry("temp_table_prefix", "IDENTIFIER").containsEntry("check_duplicates", "BOOLEAN")
                .containsEntry("open_end", "STRING");
        assertThat(values).containsEntry("temp_table_prefix", "Z_TMP_").containsEntry("check_duplicates", "true")
                .containsEntry("open_end", null);
        // The list answers the same shape.
        assertThat(api().get("/api/v1/load-presets?name=scd2_from_source").get(0).get("templateSteps").size())
                .isEqualTo(preset.get("templateSteps").size());
    }

    @Test
    void shippedPresetsAreOfferedByNameForTransformPersistUntilTheTypeHasItsOwn() {
        assertThat(names("HUB", LoadType.TRANSFORM_PERSIST)).containsExactly("generated_from_mapping");
        assertThat(names("hub", LoadType.TRANSFORM_PERSIST)).containsExactly("generated_from_mapping");
        assertThat(names("DIM_SCD2", LoadType.TRANSFORM_PERSIST)).containsExactly("scd2_from_source");
        assertThat(names("DIM_SCD2", LoadType.TRANSFORM_SQL_VIEW)).isEmpty();
        assertThat(names("NO_SUCH_TYPE", LoadType.TRANSFORM_PERSIST)).isEmpty();

        PresetResponse own = presets.create(new PresetRequest(null, "dim_own", null, null, List.of(), Map.of(),
                List.of(new PresetRequest.Use("DIM_SCD2", LoadType.TRANSFORM_PERSIST, 1, false))));
        try {
            assertThat(names("DIM_SCD2", LoadType.TRANSFORM_PERSIST)).containsExactly("dim_own");
        } finally {
            presets.delete(own.id());
        }
        assertThat(names("DIM_SCD2", LoadType.TRANSFORM_PERSIST)).containsExactly("scd2_from_source");
    }

    private List<String> names(String type, LoadType loadType) {
        return presets.offered(type, loadType).stream().map(PresetResponse::name).toList();
    }
}
