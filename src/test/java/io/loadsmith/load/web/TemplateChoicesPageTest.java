package io.loadsmith.load.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;

import io.loadsmith.generation.model.StepType;
import io.loadsmith.load.LoadService;
import io.loadsmith.load.LoadRequest;
import io.loadsmith.load.LoadResponse;
import io.loadsmith.load.StepJson;
import io.loadsmith.store.H2DemoStoreTest;

/**
 * Choosing a template on the load page: each option says what the template does (its description's
 * first sentence, template.yaml), the chosen one what a call must give it; a mistyped template name
 * is refused with the name and the closest known ones, never a path inside Loadsmith.
 */
class TemplateChoicesPageTest extends H2DemoStoreTest {

    @Autowired
    LoadService loads;

    @AfterEach
    void leaveTheDemoAsFound() {
        loads.list("load_template_choices").forEach(l -> loads.delete(l.id()));
    }

    private LoadResponse load(String step) {
        return loads.create(new LoadRequest(null, "load_template_choices", "publish.D_VESSEL_SCD2", null, null,
                List.of(), List.of(new StepJson("merge", StepType.OVERRIDE, step)), null));
    }

    @Test
    void eachTemplateIsOfferedWithWhatItDoesAndTheChosenOneWithWhatItExpects() throws Exception {
        LoadResponse load = load("<ftltemplate:scd2:temp_table_prefix=tmp_>");
        Document page = Jsoup.parse(mvc.perform(MockMvcRequestBuilders.get("/loads/" + load.id())).andReturn()
                .getResponse().getContentAsString(StandardCharsets.UTF_8));

        List<String> options = page.select("select.step-template option").eachText();
        assertThat(options).contains("scd2 — SCD Type 2 merge from a prepared temporary table (seed 000).",
                "append — Appends every source row to the target.");
        assertThat(options).filteredOn(o -> !o.equals("choose…")).allMatch(o -> o.contains(" — "), "every shipped template has a description");
        assertThat(page.selectFirst("select.step-template option[value=scd2]").attr("title"))
                .startsWith("SCD Type 2 merge from a prepared temporary table (seed 000). Closes the validity");
        assertThat(page.selectFirst("#step-0-template-hint").text()).startsWith("SCD Type 2 merge")
                .endsWith("Expects temp_table_prefix (identifier).");
    }

    @Test
    void aMistypedTemplateIsRefusedWithTheClosestNames() throws Exception {
        LoadResponse load = load("SELECT 1");
        String page = mvc.perform(MockMvcRequestBuilders.post("/loads/" + load.id())
                .param("version", String.valueOf(load.version())).param("name", "load_template_choices")
                .param("target", "publish.D_VESSEL_SCD2")
                .param("steps[0].name", "merge").param("steps[0].type", "OVERRIDE").param("steps[0].kind", "SQL")
                .param("steps[0].text", "<ftltemplate:snapshto:strategy=check>")
                .param("action", "save")).andReturn().getResponse().getContentAsString(StandardCharsets.UTF_8);

        assertThat(Jsoup.parse(page).select(".error-summary, .field-error").text())
                .contains("There is no template 'snapshto'; did you mean 'snapshot'?")
                .doesNotContain("templates-library", "searched", "Exception");
        assertThat(loads.get(load.id()).steps().get(0).text()).isEqualTo("SELECT 1");
    }
}
