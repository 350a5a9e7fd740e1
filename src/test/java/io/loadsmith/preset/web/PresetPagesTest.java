package io.loadsmith.preset.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;

import io.loadsmith.entitytype.LoadType;
import io.loadsmith.generation.model.StepType;
import io.loadsmith.load.LoadService;
import io.loadsmith.load.StepJson;
import io.loadsmith.load.web.LoadForm;
import io.loadsmith.preset.LoadPresetService;
import io.loadsmith.preset.PresetRequest;
import io.loadsmith.preset.PresetResponse;
import io.loadsmith.store.H2DemoStoreTest;

/**
 * The preset pages over the demo store, as a browser without JavaScript posts them: a preset made
 * from the demo load, edited, refused in place with nothing changed, and deleted after a confirm page.
 */
class PresetPagesTest extends H2DemoStoreTest {

    @Autowired
    LoadPresetService presets;

    @Autowired
    LoadService loads;

    /** The demo store is shared by many test classes: leave it as found (exports count its loads). */
    @AfterEach
    void leaveTheDemoAsFound() {
        loads.list("load_from_preset").forEach(l -> loads.delete(l.id()));
        List.of("vessel_like", "dim_merge", "dim_empty", "p_bad").forEach(name ->
                presets.list(name).forEach(p -> presets.delete(p.id())));
    }

    private String page(String path) throws Exception {
        MvcResult result = mvc.perform(MockMvcRequestBuilders.get(path)).andReturn();
        assertThat(result.getResponse().getStatus()).as(path).isEqualTo(200);
        assertThat(result.getResponse().getContentType()).as(path).startsWith("text/html");
        return result.getResponse().getContentAsString(StandardCharsets.UTF_8);
    }

    private MvcResult post(MockHttpServletRequestBuilder request) throws Exception {
        return mvc.perform(request).andReturn();
    }

    @Test
    void aLoadSavedAsAPresetIsOfferedByItsTypeAndEditable() throws Exception {
        long demo = loads.list("load_d_vessel_scd2").get(0).id();
        String fresh = page("/presets/new?fromLoad=" + demo);
        // The demo load's four steps arrive in the form; its scd2 call as a template step with typed parameters.
        assertThat(fresh).contains("value=\"load_d_vessel_scd2_preset\"", "id=\"steps3.text\"",
                        "id=\"step-2-param-temp_table_prefix\"", "value=\"Z_TMP_\"")
                .doesNotContain("id=\"steps2.text\"", "id=\"steps4.text\"", "unique_key");

        var steps = loads.get(demo).steps();
        MockHttpServletRequestBuilder create = MockMvcRequestBuilders.post("/presets")
                .param("name", "vessel_like").param("description", "the demo's steps").param("packageName", "demo")
                .param("options", "historize=true\n\nsource_system=AIS")
                .param("uses[0].entityType", "DIM_SCD2").param("uses[0].loadType", "TRANSFORM_PERSIST")
                .param("uses[0].isDefault", "true")
                .param("uses[1].entityType", "").param("uses[1].loadType", "TRANSFORM_PERSIST");
        for (int i = 0; i < steps.size(); i++) {
            create.param("steps[" + i + "].name", steps.get(i).name()).param("steps[" + i + "].type", steps.get(i).type().name());
            if (steps.get(i).text().startsWith("<ftltemplate:")) {
                // As the page posts a template step: the template and its typed values, not the call's text.
                create.param("steps[" + i + "].kind", "TEMPLATE").param("steps[" + i + "].template", "scd2")
                        .param("steps[" + i + "].params[temp_table_prefix]", "Z_TMP_");
            } else {
                create.param("steps[" + i + "].kind", "SQL").param("steps[" + i + "].text", steps.get(i).text());
            }
        }
        MvcResult created = post(create);
        assertThat(created.getResponse().getRedirectedUrl()).matches("/presets/\\d+\\?saved=1");

        PresetResponse stored = presets.list("vessel_like").get(0);
        // The form writes the call back from the typed values: scd2's unticked check_duplicates as false.
        assertThat(stored.steps()).extracting(StepJson::text).containsExactly(steps.get(0).text(), steps.get(1).text(),
                "<ftltemplate:scd2:temp_table_prefix=Z_TMP_:check_duplicates=false:invalidate_hard_deletes=false:audit_history=false>",
                steps.get(3).text());
        assertThat(stored.options()).containsExactly(Map.entry("historize", "true"), Map.entry("source_system", "AIS"));
        assertThat(stored.packageName()).isEqualTo("demo");
        assertThat(stored.uses()).containsExactly(new PresetRequest.Use("DIM_SCD2", LoadType.TRANSFORM_PERSIST, 1, true));
        assertThat(presets.offered("DIM_SCD2", LoadType.TRANSFORM_PERSIST).get(0).name()).isEqualTo("vessel_like");

        String shown = page(created.getResponse().getRedirectedUrl());
        assertThat(shown).contains("Saved.", "Load preset vessel_like", "historize=true");
        assertThat(page("/presets")).contains("vessel_like", "DIM_SCD2 · TRANSFORM_PERSIST (default)", "historize=true");
        assertThat(page("/search?q=vessel_like")).contains("Load preset", "/presets/" + stored.id());

        // A second step with the first one's name is refused at that step's field; nothing changes.
        MvcResult refused = post(MockMvcRequestBuilders.post("/presets/" + stored.id())
                .param("version", String.valueOf(stored.version())).param("name", "vessel_like")
                .param("steps[0].name", "merge").param("steps[0].type", "OVERRIDE").param("steps[0].text", "select 1")
                .param("steps[1].name", "merge").param("steps[1].type", "POST").param("steps[1].text", "select 2"));
        String answer = refused.getResponse().getContentAsString(StandardCharsets.UTF_8);
        assertThat(refused.getResponse().getStatus()).isEqualTo(200);
        assertThat(answer).contains("Nothing was saved", "Step 2, name: &#39;merge&#39; is the name of an earlier step")
                .doesNotContain("Exception", "io.loadsmith");
        assertThat(presets.get(stored.id())).isEqualTo(stored);

        // An options line without '=' names the line.
        String badOptions = post(MockMvcRequestBuilders.post("/presets/" + stored.id())
                .param("version", String.valueOf(stored.version())).param("name", "vessel_like").param("options", "a=1\nhistorize"))
                .getResponse().getContentAsString(StandardCharsets.UTF_8);
        assertThat(badOptions).contains("Options: &#39;historize&#39; line 2 is not NAME=value");

        // An edit that keeps one step and drops the use.
        MvcResult edited = post(MockMvcRequestBuilders.post("/presets/" + stored.id())
                .param("version", String.valueOf(stored.version())).param("name", "vessel_like").param("packageName", "")
                .param("steps[0].name", "merge").param("steps[0].type", "OVERRIDE").param("steps[0].text", "select 1")
                .param("uses[0].entityType", "").param("uses[0].loadType", "TRANSFORM_PERSIST"));
        assertThat(edited.getResponse().getRedirectedUrl()).isEqualTo("/presets/" + stored.id() + "?saved=1");
        PresetResponse after = presets.get(stored.id());
        assertThat(after.steps()).containsExactly(new StepJson("merge", StepType.OVERRIDE, "select 1"));
        assertThat(after.uses()).isEmpty();
        assertThat(after.packageName()).isNull();
        assertThat(after.options()).isEmpty();

        // The same version again is stale: refused on the page.
        String stale = post(MockMvcRequestBuilders.post("/presets/" + stored.id())
                .param("version", String.valueOf(stored.version())).param("name", "vessel_like"))
                .getResponse().getContentAsString(StandardCharsets.UTF_8);
        assertThat(stale).contains("Nothing was saved").doesNotContain("Exception");

        assertThat(page("/presets/" + stored.id() + "/delete")).contains("Delete load preset vessel_like?");
        MvcResult deleted = post(MockMvcRequestBuilders.post("/presets/" + stored.id() + "/delete"));
        assertThat(deleted.getResponse().getRedirectedUrl()).isEqualTo("/presets?deleted=vessel_like");
        assertThat(presets.list("vessel_like")).isEmpty();
        assertThat(loads.get(demo).steps()).isEqualTo(steps);
    }

    @Test
    void theShippedPresetIsEditedWithTheLoadPagesTypedParameters() throws Exception {
        PresetResponse shipped = presets.list("scd2_from_source").get(0);
        String editor = page("/presets/" + shipped.id());
        assertThat(editor).contains("Parameters of scd2_prepare", "Parameters of scd2",
                        "id=\"step-1-param-check_duplicates\" name=\"steps[1].params[check_duplicates]\" value=\"true\" checked",
                        "id=\"step-1-param-open_end\"", "value=\"DIM_SCD2\"")
                .doesNotContain("id=\"steps0.text\"", "id=\"steps1.text\"", "id=\"steps2.text\"", "unique_key");
        assertThat(presets.offeredToTypes(shipped.id())).isEqualTo("DIM_SCD2");
        // The list says whom a shipped preset is offered to, not an empty column.
        assertThat(page("/presets")).contains("to types without a preset of their own: DIM_SCD2");
        // Only a page with a code editor loads CodeMirror.
        assertThat(editor).containsPattern("webjars/codemirror/[^\"]*/lib/codemirror-[0-9a-f]+\\.js").containsPattern("lib/codemirror-[0-9a-f]+\\.css");
        assertThat(editor).containsOnlyOnce("<head>");
        assertThat(page("/presets")).containsOnlyOnce("<head>").doesNotContain("codemirror").contains("htmx.org/").containsPattern("/app-[0-9a-f]+\\.js");
        try {
            MockHttpServletRequestBuilder form = MockMvcRequestBuilders.post("/presets/" + shipped.id())
                    .param("version", String.valueOf(shipped.version())).param("name", "scd2_from_source")
                    .param("description", shipped.description()).param("offeredToTypes", " DIM_SCD2 , DIM_X ")
                    .param("steps[0].name", "prepare_temp_table").param("steps[0].type", "OVERRIDE")
                    .param("steps[0].kind", "TEMPLATE").param("steps[0].template", "scd2_prepare")
                    .param("steps[0].params[temp_table_prefix]", "Z_TMP_")
                    .param("steps[1].name", "merge_scd2").param("steps[1].type", "OVERRIDE")
                    .param("steps[1].kind", "TEMPLATE").param("steps[1].template", "scd2")
                    .param("steps[1].params[temp_table_prefix]", "Z_TMP_").param("steps[1].params[open_end]", "null")
                    .param("steps[2].name", "drop_temp_table").param("steps[2].type", "OVERRIDE")
                    .param("steps[2].kind", "TEMPLATE").param("steps[2].template", "scd2_prepare")
                    .param("steps[2].params[temp_table_prefix]", "Z_TMP_").param("steps[2].params[action]", "drop");

            // A new template step, then its template chosen: that template's fields appear, nothing is saved.
            String added = post(form.param("action", "add-template")).getResponse().getContentAsString(StandardCharsets.UTF_8);
            assertThat(added).contains("id=\"steps3.template\"", "Changed, not saved yet");
            String chosen = post(form.param("steps[3].kind", "TEMPLATE").param("steps[3].template", "snapshot")
                    .param("action", "refresh")).getResponse().getContentAsString(StandardCharsets.UTF_8);
            assertThat(chosen).contains("Parameters of snapshot", "id=\"step-3-param-strategy\"", "value=\"snapshot\"");
            assertThat(presets.get(shipped.id())).isEqualTo(shipped);

            // Saved without the new step: the calls are written from the typed values, the type names cleaned.
            MvcResult saved = post(MockMvcRequestBuilders.post("/presets/" + shipped.id())
                    .params(without(form, "steps[3].kind", "steps[3].template", "steps[3].name")).param("action", "save"));
            assertThat(saved.getResponse().getRedirectedUrl()).isEqualTo("/presets/" + shipped.id() + "?saved=1");
            assertThat(presets.get(shipped.id()).steps()).extracting(StepJson::text).containsExactly(
                    "<ftltemplate:scd2_prepare:temp_table_prefix=Z_TMP_>",
                    "<ftltemplate:scd2:temp_table_prefix=Z_TMP_:check_duplicates=false:open_end=null:invalidate_hard_deletes=false:audit_history=false>",
                    "<ftltemplate:scd2_prepare:temp_table_prefix=Z_TMP_:action=drop>");
            assertThat(presets.offeredToTypes(shipped.id())).isEqualTo("DIM_SCD2,DIM_X");
            assertThat(presets.offered("DIM_X", LoadType.TRANSFORM_PERSIST)).extracting(PresetResponse::name)
                    .containsExactly("scd2_from_source");

            // A type name that is no identifier is refused at its field, and nothing is saved.
            PresetResponse now = presets.get(shipped.id());
            String refused = post(MockMvcRequestBuilders.post("/presets/" + shipped.id())
                    .param("version", String.valueOf(now.version())).param("name", "scd2_from_source")
                    .param("offeredToTypes", "DIM X")).getResponse().getContentAsString(StandardCharsets.UTF_8);
            assertThat(refused).contains("aria-invalid=\"true\"", "&#39;DIM X&#39;").doesNotContain("Exception");
            assertThat(presets.get(shipped.id())).isEqualTo(now);
        } finally {
            PresetResponse now = presets.get(shipped.id());
            presets.update(shipped.id(), new PresetRequest(now.version(), shipped.name(), shipped.description(), null,
                    shipped.steps(), shipped.options(), shipped.uses()));
            presets.offerToTypes(shipped.id(), "DIM_SCD2");
        }
    }

    /** The form's fields but these (a step the user left before saving). */
    private static org.springframework.util.MultiValueMap<String, String> without(MockHttpServletRequestBuilder form,
                                                                                  String... dropped) {
        var request = form.buildRequest(new org.springframework.mock.web.MockServletContext());
        var params = new org.springframework.util.LinkedMultiValueMap<String, String>();
        request.getParameterMap().forEach((k, v) -> {
            if (!List.of(dropped).contains(k) && !k.equals("action")) {
                params.addAll(k, List.of(v));
            }
        });
        return params;
    }

    @Test
    void theNewLoadPageOffersTheTargetTypesPresetsAndTheLoadGetsACopy() throws Exception {
        List<StepJson> steps = List.of(new StepJson("announce", StepType.PRE, "SELECT 1"),
                new StepJson("merge", StepType.OVERRIDE, "<ftltemplate:scd2:temp_table_prefix=tmp_>"));
        presets.create(new PresetRequest(null, "dim_merge", "merge by key", null, steps, Map.of("historize", "true"),
                List.of(new PresetRequest.Use("DIM_SCD2", LoadType.TRANSFORM_PERSIST, 1, true))));
        presets.create(new PresetRequest(null, "dim_empty", null, null, List.of(), Map.of(),
                List.of(new PresetRequest.Use("DIM_SCD2", LoadType.TRANSFORM_PERSIST, 2, false))));

        String form = page("/loads/new?target=publish.D_VESSEL_SCD2");
        assertThat(form).contains("<option value=\"dim_merge\" selected=\"selected\">preset dim_merge (the type’s default) · merge by key",
                "<option value=\"dim_empty\">preset dim_empty</option>", "value=\"load_d_vessel_scd2\"");

        MvcResult created = post(MockMvcRequestBuilders.post("/loads").param("name", "load_from_preset")
                .param("target", "publish.D_VESSEL_SCD2").param("preset", "dim_merge"));
        assertThat(created.getResponse().getRedirectedUrl()).as(created.getResponse().getContentAsString(StandardCharsets.UTF_8)
                .replaceAll("(?s).*(<div class=\"error-summary.{0,800}).*", "$1")).matches("/loads/\\d+");
        var load = loads.list("load_from_preset").get(0);
        assertThat(load.steps()).isEqualTo(steps);
        assertThat(load.options()).containsExactly(Map.entry("historize", "true"));
        assertThat(page(created.getResponse().getRedirectedUrl())).contains("load_from_preset", "temp_table_prefix");

        // Taken name: refused on the form, the preset still chosen, nothing created.
        String again = post(MockMvcRequestBuilders.post("/loads").param("name", "load_from_preset")
                .param("target", "publish.D_VESSEL_SCD2").param("preset", "dim_empty")).getResponse()
                .getContentAsString(StandardCharsets.UTF_8);
        assertThat(again).contains("already exists", "<option value=\"dim_empty\" selected=\"selected\">");
        assertThat(loads.list("load_from_preset")).hasSize(1);
    }

    @Test
    void anUnknownPresetOrAPositionThatIsNoNumberIsAnHtmlAnswer() throws Exception {
        MvcResult missing = mvc.perform(MockMvcRequestBuilders.get("/presets/987654")).andReturn();
        assertThat(missing.getResponse().getStatus()).isEqualTo(404);
        assertThat(missing.getResponse().getContentType()).startsWith("text/html");

        MvcResult notNumber = post(MockMvcRequestBuilders.post("/presets").param("name", "p_bad")
                .param("uses[0].entityType", "DIM_SCD2").param("uses[0].position", "first"));
        assertThat(notNumber.getResponse().getStatus()).isEqualTo(200);
        assertThat(notNumber.getResponse().getContentAsString(StandardCharsets.UTF_8))
                .contains("Use 1, position: &#39;first&#39; is not a valid value here").doesNotContain("Exception");
        assertThat(presets.list("p_bad")).isEmpty();

        MvcResult unknownType = post(MockMvcRequestBuilders.post("/presets").param("name", "p_bad")
                .param("uses[0].entityType", "NO_SUCH_TYPE"));
        assertThat(unknownType.getResponse().getContentAsString(StandardCharsets.UTF_8))
                .contains("Use 1, entity type: &#39;NO_SUCH_TYPE&#39; names no entity type");
        assertThat(presets.list("p_bad")).isEmpty();
        assertThat(List.of(page("/presets"))).allMatch(p -> p.contains("Load presets"));
    }

    @Test
    void aTakenNameOrAUseListedTwiceIsRefusedAtItsField() throws Exception {
        String shipped = presets.list(null).get(0).name();
        String taken = post(MockMvcRequestBuilders.post("/presets").param("name", shipped.toUpperCase())
                .param("uses[0].entityType", "DIM_SCD2")).getResponse().getContentAsString(StandardCharsets.UTF_8);
        // At the name field (its own message under the input), and in the summary.
        assertThat(taken).containsPattern("aria-invalid=\"true\" id=\"name\"[^>]*>\\s*<small class=\"field-error\">Load preset &#39;"
                + shipped + "&#39; already exists").contains("Name: Load preset").doesNotContain("Exception");
        assertThat(presets.list(shipped.toUpperCase())).isEmpty();

        String twice = post(MockMvcRequestBuilders.post("/presets").param("name", "p_bad")
                .param("uses[0].entityType", "DIM_SCD2").param("uses[0].loadType", "TRANSFORM_PERSIST")
                .param("uses[1].entityType", "DIM_SCD2").param("uses[1].loadType", "TRANSFORM_PERSIST"))
                .getResponse().getContentAsString(StandardCharsets.UTF_8);
        assertThat(twice).contains("Use 2: &#39;DIM_SCD2 TRANSFORM_PERSIST&#39; is listed twice: use 1 names the same entity type and load type");
        assertThat(presets.list("p_bad")).isEmpty();
    }

    /**
     * The form is a record bound through its constructor: a ticked default (value and the hidden marker), an
     * unticked one (the marker only) and a row without the field at all; a step the browser skipped is an
     * empty step in its place (and, having no name and no text, is not saved).
     */
    @Test
    void checkboxesBindTickedUntickedAndAbsentAndASkippedStepIsAnEmptyOne() throws Exception {
        MvcResult created = post(MockMvcRequestBuilders.post("/presets").param("name", "p_bad")
                .param("steps[0].name", "first").param("steps[0].type", "PRE").param("steps[0].text", "select 1")
                .param("steps[2].name", "third").param("steps[2].type", "POST").param("steps[2].text", "select 3")
                .param("uses[0].entityType", "DIM_SCD2").param("uses[0].loadType", "TRANSFORM_PERSIST")
                .param("uses[0].isDefault", "true").param("_uses[0].isDefault", "on")
                .param("uses[1].entityType", "DIM_SCD2").param("uses[1].loadType", "TRANSFORM_SQL_VIEW")
                .param("_uses[1].isDefault", "on")
                .param("uses[2].entityType", "DIM_SCD2").param("uses[2].loadType", "LOAD_FILE"));
        assertThat(created.getResponse().getRedirectedUrl()).matches("/presets/\\d+\\?saved=1");
        PresetResponse stored = presets.list("p_bad").get(0);
        assertThat(stored.uses()).extracting(PresetRequest.Use::loadType, PresetRequest.Use::isDefault).containsExactlyInAnyOrder(
                org.assertj.core.groups.Tuple.tuple(LoadType.TRANSFORM_PERSIST, true),
                org.assertj.core.groups.Tuple.tuple(LoadType.TRANSFORM_SQL_VIEW, false),
                org.assertj.core.groups.Tuple.tuple(LoadType.LOAD_FILE, false));
        assertThat(stored.steps()).containsExactly(new StepJson("first", StepType.PRE, "select 1"),
                new StepJson("third", StepType.POST, "select 3"));

        // On screen the skipped step keeps its place: Add SQL step shows four, the third still "third".
        String shown = post(MockMvcRequestBuilders.post("/presets/" + stored.id()).param("action", "add-sql")
                .param("version", String.valueOf(stored.version())).param("name", "p_bad")
                .param("steps[0].name", "first").param("steps[2].name", "third")
                .param("uses[0].entityType", "DIM_SCD2").param("_uses[0].isDefault", "on"))
                .getResponse().getContentAsString(StandardCharsets.UTF_8);
        assertThat(shown).contains("id=\"steps1.name\" name=\"steps[1].name\" value=\"\"",
                "id=\"steps2.name\" name=\"steps[2].name\" value=\"third\"", "id=\"steps3.name\"", "Changed, not saved yet")
                .doesNotContain("checked=\"checked\" aria-label=\"Default for use 1\"");
    }

    /** A forged load type and a typo in a position are both named at their fields, as typed; nothing is saved. */
    @Test
    void aForgedChoiceAndATypoInANumberAreRefusedTogetherAtTheirFields() throws Exception {
        MvcResult refused = post(MockMvcRequestBuilders.post("/presets").param("name", "p_bad").param("version", "")
                .param("steps[0].name", "s").param("steps[0].type", "LATER").param("steps[0].text", "select 1")
                .param("uses[0].entityType", "DIM_SCD2").param("uses[0].loadType", "NIGHTLY").param("uses[0].position", "2x"));
        assertThat(refused.getResponse().getStatus()).isEqualTo(200);
        assertThat(refused.getResponse().getContentAsString(StandardCharsets.UTF_8))
                .contains("Use 1, load type: &#39;NIGHTLY&#39; is not one of [TRANSFORM_PERSIST",
                        "Use 1, position: &#39;2x&#39; is not a valid value here (a whole number is expected)",
                        "&#39;LATER&#39; is not one of [PRE, OVERRIDE, POST]", "value=\"2x\"")
                .doesNotContain("Exception", "io.loadsmith");
        assertThat(presets.list("p_bad")).isEmpty();
    }

    /** Add, remove and move of steps return a new form whose other steps keep what was typed. */
    @Test
    void addRemoveAndMoveOfStepsKeepTheOtherStepsValues() throws Exception {
        java.util.function.Function<String, MockHttpServletRequestBuilder> steps = action -> MockMvcRequestBuilders.post("/presets")
                .param("action", action).param("name", "p_bad")
                .param("steps[0].name", "a").param("steps[0].type", "PRE").param("steps[0].text", "select 'a'")
                .param("steps[1].name", "b").param("steps[1].type", "POST").param("steps[1].text", "select 'b'");
        LoadForm.StepRow a = new LoadForm.StepRow("a", "PRE", "SQL", "select 'a'", null, Map.of());
        LoadForm.StepRow b = new LoadForm.StepRow("b", "POST", "SQL", "select 'b'", null, Map.of());
        assertThat(shown(post(steps.apply("up-1"))).steps()).containsExactly(b, a);
        assertThat(shown(post(steps.apply("remove-0"))).steps()).containsExactly(b);
        assertThat(shown(post(steps.apply("add-template"))).steps()).containsExactly(a, b,
                new LoadForm.StepRow(null, "OVERRIDE", "TEMPLATE", null, null, Map.of()));
        assertThat(presets.list("p_bad")).isEmpty();
    }

    private static PresetForm shown(MvcResult result) {
        return (PresetForm) result.getModelAndView().getModel().get("form");
    }
}
