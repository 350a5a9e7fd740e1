package io.loadsmith.load.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;

import io.loadsmith.generation.model.StepType;
import io.loadsmith.load.LoadService;
import io.loadsmith.load.StepKind;
import io.loadsmith.load.LoadRequest;
import io.loadsmith.load.LoadResponse;
import io.loadsmith.load.StepJson;
import io.loadsmith.store.H2DemoStoreTest;

/**
 * A template call typed into an SQL step stays an SQL step, also on a fresh page: the step's kind is
 * stored where the text alone would show a template form, and nowhere else.
 */
class StepKindPagesTest extends H2DemoStoreTest {

    private static final String CALL = "<ftltemplate:scd2:temp_table_prefix=tmp_>";

    @Autowired
    LoadService loads;

    @AfterEach
    void leaveTheDemoAsFound() {
        loads.list("load_step_kinds").forEach(l -> loads.delete(l.id()));
    }

    @Test
    void aOneCallSqlStepStaysSqlAfterAReloadAndATemplateStepStaysATemplateStep() throws Exception {
        LoadResponse load = loads.create(new LoadRequest(null, "load_step_kinds", "publish.D_VESSEL_SCD2", null, null,
                java.util.List.of(), java.util.List.of(new StepJson("merge", StepType.OVERRIDE, CALL)), null));

        MvcResult saved = mvc.perform(MockMvcRequestBuilders.post("/loads/" + load.id())
                .param("version", String.valueOf(load.version())).param("name", "load_step_kinds")
                .param("target", "publish.D_VESSEL_SCD2")
                .param("steps[0].name", "as_sql").param("steps[0].type", "OVERRIDE").param("steps[0].kind", "SQL")
                .param("steps[0].text", CALL)
                .param("steps[1].name", "as_template").param("steps[1].type", "POST").param("steps[1].kind", "TEMPLATE")
                .param("steps[1].template", "scd2").param("steps[1].params[temp_table_prefix]", "tmp2_")
                .param("action", "save")).andReturn();
        assertThat(saved.getResponse().getRedirectedUrl()).as(saved.getResponse().getContentAsString()).startsWith("/loads/" + load.id());

        LoadResponse stored = loads.get(load.id());
        assertThat(stored.steps().get(0)).isEqualTo(new StepJson("as_sql", StepType.OVERRIDE, CALL, StepKind.SQL));
        // The template step is written from its form (unticked flags spelled out); its kind follows from the text.
        assertThat(stored.steps().get(1).text()).startsWith("<ftltemplate:scd2:temp_table_prefix=tmp2_");
        assertThat(stored.steps().get(1).kind()).isNull();

        String page = mvc.perform(MockMvcRequestBuilders.get("/loads/" + load.id())).andReturn().getResponse()
                .getContentAsString(StandardCharsets.UTF_8);
        assertThat(page).contains("id=\"steps0.kind\" name=\"steps[0].kind\" value=\"SQL\"",
                "id=\"steps1.kind\" name=\"steps[1].kind\" value=\"TEMPLATE\"");

        // The API shows the kind only where it is stored.
        String json = mvc.perform(MockMvcRequestBuilders.get("/api/v1/loads/" + load.id())).andReturn().getResponse()
                .getContentAsString(StandardCharsets.UTF_8);
        assertThat(json).contains("\"kind\":\"SQL\"").containsOnlyOnce("\"kind\"");

        // The package format carries it the same way: only for the one-call step kept as SQL.
        long demo = api().get("/api/v1/packages?name=demo").get(0).get("id").asLong();
        String document = mvc.perform(MockMvcRequestBuilders.get("/api/v1/packages/" + demo + "/versions/working"))
                .andReturn().getResponse().getContentAsString(StandardCharsets.UTF_8);
        assertThat(document).containsOnlyOnce("\"kind\"").contains("\"kind\": \"SQL\"");
    }
}
