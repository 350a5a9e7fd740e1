package io.loadsmith.load.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.ArgumentMatchers.isNull;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.model;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrl;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.view;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.entity.EntityService;
import io.loadsmith.entitytype.LoadType;
import io.loadsmith.environment.EnvironmentResponse;
import io.loadsmith.environment.EnvironmentService;
import io.loadsmith.generation.GeneratedLoad;
import io.loadsmith.generation.catalog.ParameterDefinition;
import io.loadsmith.generation.catalog.ParameterType;
import io.loadsmith.generation.catalog.TemplateDefinition;
import io.loadsmith.generation.catalog.TemplateKind;
import io.loadsmith.generation.catalog.TemplateLookup;
import io.loadsmith.generation.model.GenerationException;
import io.loadsmith.generation.model.StepType;
import io.loadsmith.load.LoadRequest;
import io.loadsmith.load.LoadResponse;
import io.loadsmith.load.LoadService;
import io.loadsmith.load.StepJson;
import io.loadsmith.problem.FieldProblem;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.StaleVersionException;
import io.loadsmith.web.WebExceptionHandler;

@WebMvcTest({LoadPageController.class, LoadListPageController.class, LoadPreviewPageController.class,
        LoadRemovalPageController.class})
// Slices test the controllers; who may call them is the security tests' subject.
@org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc(addFilters = false)
@Import({DialectRegistry.class, WebExceptionHandler.class, io.loadsmith.load.Generation.class, io.loadsmith.generation.StoreChanges.class, LoadPreviews.class, LoadEditorModel.class, MappingActions.class,
        io.loadsmith.entity.web.PackageNames.class})
class LoadPageControllerTest {

    @Autowired
    MockMvc mvc;

    /** The front door's entity DDL, package and migration renderers: not what these pages ask for. */
    @MockitoBean
    io.loadsmith.entity.StoredEntityDdl entityDdl;
    @MockitoBean
    io.loadsmith.export.SqlPackageExporter packageExporter;
    @MockitoBean
    io.loadsmith.export.migration.Migrations migrations;
    @MockitoBean
    io.loadsmith.packageregistry.MetadataPackageService packages;

    @MockitoBean
    LoadService loads;

    // The front door is real: it checks dialect and environment; what it reads and renders is stubbed.
    @MockitoBean
    io.loadsmith.load.LoadModelAssembler assembler;

    @MockitoBean
    io.loadsmith.generation.LoadSqlGenerator generator;

    @MockitoBean
    io.loadsmith.load.DraftTemplatePreview drafts;

    @MockitoBean
    PackageCommits commits;

    @MockitoBean
    PresetChoices presets;

    @MockitoBean
    EntityService entities;

    @MockitoBean
    EnvironmentService environments;

    @MockitoBean
    TemplateLookup templates;

    static final TemplateDefinition SCD2 = new TemplateDefinition(TemplateKind.TEMPLATE, "scd2", "SCD2 merge",
            List.of(new ParameterDefinition("temp_table_prefix", ParameterType.STRING, true, null, "prefix"),
                    new ParameterDefinition("full_refresh", ParameterType.BOOLEAN, false, "false", null),
                    new ParameterDefinition("batch_size", ParameterType.INTEGER, false, null, null)),
            Map.of("default", "MERGE"), "library");

    /**
     * What the assembler reads for the saved load (the form of vesselLoad(), as the live preview
     * assembles a form beside it) and for a form it reads from the store (only its identity matters).
     */
    static final io.loadsmith.generation.model.LoadModel STORED = new io.loadsmith.generation.model.LoadModel(
            "load_d_vessel_scd2", new io.loadsmith.generation.model.EntityModel("D_VESSEL_SCD2", null, "publish", null,
                    "TABLE", List.of(), null, false, "D_VESSEL_SCD2"), List.of(),
            List.of(new io.loadsmith.generation.model.StepModel("drop_temp_start", StepType.OVERRIDE, "DROP TABLE x;"),
                    new io.loadsmith.generation.model.StepModel("merge", StepType.OVERRIDE,
                            "<ftltemplate:scd2:temp_table_prefix=Z_TMP_:full_refresh=true>")), Map.of());
    static final io.loadsmith.generation.model.LoadModel DRAFT = new io.loadsmith.generation.model.LoadModel(
            "draft", null, List.of(), List.of(), Map.of());

    static LoadResponse vesselLoad() {
        return new LoadResponse(5, 2, "load_d_vessel_scd2", "publish.D_VESSEL_SCD2", null, LoadType.TRANSFORM_PERSIST, null,
                List.of(), List.of(new StepJson("drop_temp_start", StepType.OVERRIDE, "DROP TABLE x;"),
                new StepJson("merge", StepType.OVERRIDE, "<ftltemplate:scd2:temp_table_prefix=Z_TMP_:full_refresh=true>")),
                new java.util.TreeMap<>(), Instant.parse("2026-01-01T00:00:00Z"), Instant.parse("2026-01-01T00:00:00Z"));
    }

    @Autowired
    io.loadsmith.generation.StoreChanges storeChanges;

    @BeforeEach
    void stubs() {
        // Each test stubs its own generator: to the front door's preview cache that is a changed store.
        storeChanges.changed();
        when(loads.get(5)).thenReturn(vesselLoad());
        when(loads.list(null)).thenReturn(List.of(vesselLoad()));
        when(templates.all()).thenReturn(List.of(SCD2));
        when(templates.find("scd2")).thenReturn(Optional.of(SCD2));
        when(environments.list(null)).thenReturn(List.of(new EnvironmentResponse(1, 0, "dev", null, new java.util.TreeMap<>())));
        when(assembler.assemble(5L)).thenReturn(STORED);
        when(assembler.recentAsStored(5L)).thenReturn(new io.loadsmith.load.LoadAsStored(STORED, 2, LoadType.TRANSFORM_PERSIST,
                null, java.util.Arrays.asList(null, null)));
        // Assembling a form beside the stored load reads nothing: the real method, over the stubbed read.
        when(assembler.beside(any(), any())).thenCallRealMethod();
        when(assembler.assemble(any(LoadRequest.class))).thenReturn(DRAFT);
        when(generator.generate(eq(STORED), any(), any(), any())).thenAnswer(i -> new GeneratedLoad("load_d_vessel_scd2",
                i.getArgument(1), List.of(), "/* 1. drop_temp_start (OVERRIDE - SQL) */\nDROP TABLE x; -- " + i.getArgument(1) + "\n"));
    }

    @Test
    void listShowsLoads() throws Exception {
        mvc.perform(get("/loads"))
                .andExpect(status().isOk())
                .andExpect(view().name("loads/list"))
                .andExpect(model().attribute("loads", hasSize(1)))
                .andExpect(content().string(containsString("load_d_vessel_scd2")));
    }

    @Test
    void newLoadOffersTargets() throws Exception {
        mvc.perform(get("/loads/new"))
                .andExpect(status().isOk())
                .andExpect(view().name("loads/new"))
                .andExpect(model().attributeExists("form", "targets", "errors"));
    }

    @Test
    void newLoadForATargetOffersItsTypesPresetsTheDefaultChosenAndNamesTheLoad() throws Exception {
        when(presets.offered("publish.D_VESSEL_SCD2")).thenReturn(List.of(
                new PresetChoices.Choice("scd2_merge_only", "the merge alone", false),
                new PresetChoices.Choice("scd2_four_steps", "the seed's steps", true)));
        mvc.perform(get("/loads/new").param("target", "publish.D_VESSEL_SCD2"))
                .andExpect(status().isOk())
                .andExpect(content().string(containsString("value=\"load_d_vessel_scd2\"")))
                .andExpect(content().string(containsString(
                        "<option value=\"scd2_four_steps\" selected=\"selected\">preset scd2_four_steps (the type’s default)")))
                .andExpect(content().string(containsString("<option value=\"scd2_merge_only\">preset scd2_merge_only · the merge alone")));

        // Redrawn for another target: a typed name stays, the proposed one follows the target.
        mvc.perform(get("/loads/new").param("part", "form").param("target", "raw.S_VESSEL")
                        .param("name", "load_d_vessel_scd2").param("proposedName", "load_d_vessel_scd2")
                        .header("HX-Request", "true"))
                .andExpect(view().name("loads/new :: form"))
                .andExpect(content().string(containsString("value=\"load_s_vessel\"")))
                .andExpect(content().string(containsString("offers no preset")));
        mvc.perform(get("/loads/new").param("part", "form").param("target", "raw.S_VESSEL")
                        .param("name", "my_load").param("proposedName", "load_d_vessel_scd2").header("HX-Request", "true"))
                .andExpect(content().string(containsString("value=\"my_load\"")));
    }

    @Test
    void createFromAPresetCopiesItThroughThePresetFeature() throws Exception {
        when(presets.createLoad("load_d_vessel_scd2", "publish.D_VESSEL_SCD2", null, "scd2_four_steps")).thenReturn(9L);
        mvc.perform(post("/loads").param("name", "load_d_vessel_scd2").param("target", "publish.D_VESSEL_SCD2")
                        .param("preset", "scd2_four_steps"))
                .andExpect(redirectedUrl("/loads/9"));
        verify(loads, never()).create(any());

        when(presets.createLoad(any(), any(), any(), eq("nope")))
                .thenThrow(InvalidRequestException.of("preset", "nope", "names no load preset"));
        mvc.perform(post("/loads").param("name", "l2").param("target", "publish.D_VESSEL_SCD2").param("preset", "nope"))
                .andExpect(status().isOk()).andExpect(view().name("loads/new"))
                .andExpect(content().string(containsString("names no load preset")));
    }

    @Test
    void createRedirects() throws Exception {
        when(loads.create(any())).thenReturn(vesselLoad());
        mvc.perform(post("/loads").param("name", "load_d_vessel_scd2").param("target", "publish.D_VESSEL_SCD2"))
                .andExpect(redirectedUrl("/loads/5"));
    }

    @Test
    void rejectedCreateShowsTheFieldMessage() throws Exception {
        when(loads.create(any())).thenThrow(InvalidRequestException.of("target", "nope", "names no entity"));
        mvc.perform(post("/loads").param("name", "l").param("target", "nope"))
                .andExpect(status().isOk())
                .andExpect(view().name("loads/new"))
                .andExpect(content().string(containsString("names no entity")));
    }

    @Test
    void loadPageShowsStepsTypedTemplateFormAndPreview() throws Exception {
        mvc.perform(get("/loads/5"))
                .andExpect(status().isOk())
                .andExpect(view().name("loads/detail"))
                .andExpect(model().attributeExists("form", "preview", "switchers", "templates"))
                .andExpect(content().string(containsString("DROP TABLE x; -- snowflake")))
                .andExpect(content().string(containsString("id=\"step-1-param-temp_table_prefix\"")))
                .andExpect(content().string(containsString("value=\"Z_TMP_\"")))
                // BOOLEAN is a checkbox (ticked here), INTEGER a number field, STRING a text field
                .andExpect(content().string(containsString("type=\"checkbox\" id=\"step-1-param-full_refresh\"")))
                .andExpect(content().string(containsString("type=\"number\" id=\"step-1-param-batch_size\"")))
                .andExpect(content().string(containsString("type=\"text\" id=\"step-1-param-temp_table_prefix\"")));
    }

    @Test
    void previewFragmentForADialectAndEnvironment() throws Exception {
        mvc.perform(get("/loads/5/preview").param("dialect", "postgresql").param("environment", "dev")
                        .header("HX-Request", "true"))
                .andExpect(status().isOk())
                .andExpect(view().name("loads/detail :: preview"))
                .andExpect(content().string(containsString("DROP TABLE x; -- postgresql")))
                .andExpect(content().string(not(containsString("<html"))));
        verify(generator).generate(eq(STORED), eq("postgresql"), any(), any());
        verify(environments).variables("dev");
    }

    @Test
    void previewWithoutJavaScriptIsThePage() throws Exception {
        mvc.perform(get("/loads/5/preview").param("dialect", "postgresql"))
                .andExpect(redirectedUrl("/loads/5?dialect=postgresql"));
    }

    @Test
    void generationErrorStandsAtTheFailingStepWithTemplateAndLine() throws Exception {
        when(generator.generate(eq(STORED), any(), eq(Map.of()), any())).thenThrow(new GenerationException(
                new GenerationException.Location("load_d_vessel_scd2", 2, "merge", "scd2 (default variant)", 12, 5),
                "The following has evaluated to null or missing"));
        mvc.perform(get("/loads/5"))
                .andExpect(status().isOk())
                .andExpect(model().attribute("preview", org.hamcrest.Matchers.instanceOf(GenerationPreview.class)))
                .andExpect(content().string(containsString("step 2 &#39;merge&#39;, template &#39;scd2 (default variant)&#39;, line 12")))
                .andExpect(content().string(containsString("generation-error")));
    }

    @Test
    void aSavedLoadWhoseSqlFailsIsNotShownAsPlainlySaved() throws Exception {
        when(generator.generate(eq(STORED), any(), eq(Map.of()), any())).thenThrow(new GenerationException(
                new GenerationException.Location("load_d_vessel_scd2", 1, "merge", "scd2", 1, 1),
                "parameter 'track_columns': no_such_col is not an attribute of publish.D_VESSEL_SCD2"));
        mvc.perform(get("/loads/5").param("saved", ""))
                .andExpect(status().isOk())
                .andExpect(content().string(containsString("Saved, but its SQL cannot be generated for snowflake")))
                .andExpect(content().string(org.hamcrest.Matchers.not(containsString("class=\"saved\""))));
    }

    @Test
    void aSavedLoadWhoseSqlIsGeneratedIsSaved() throws Exception {
        mvc.perform(get("/loads/5").param("saved", ""))
                .andExpect(content().string(containsString("<p class=\"saved\" role=\"status\">Saved.</p>")))
                .andExpect(content().string(org.hamcrest.Matchers.not(containsString("cannot be generated"))));
    }

    @Test
    void saveComposesTheTemplateCallFromTheTypedFields() throws Exception {
        when(loads.update(eq(5L), any())).thenReturn(vesselLoad());
        mvc.perform(post("/loads/5").param("action", "save").param("version", "2").param("name", "load_d_vessel_scd2")
                        .param("target", "publish.D_VESSEL_SCD2")
                        .param("steps[0].name", "merge").param("steps[0].type", "OVERRIDE").param("steps[0].kind", "TEMPLATE")
                        .param("steps[0].template", "scd2").param("steps[0].params[temp_table_prefix]", "Z:TMP_")
                        .param("steps[0].params[batch_size]", ""))
                .andExpect(redirectedUrl("/loads/5?saved"));
        ArgumentCaptor<LoadRequest> sent = ArgumentCaptor.forClass(LoadRequest.class);
        verify(loads).update(eq(5L), sent.capture());
        org.assertj.core.api.Assertions.assertThat(sent.getValue().steps().get(0).text())
                .isEqualTo("<ftltemplate:scd2:temp_table_prefix=Z\\:TMP_:full_refresh=false>");
    }

    @Test
    void saveAndCommitCommitsTheTargetsPackageAndOffersThatVersionsZip() throws Exception {
        when(loads.update(eq(5L), any())).thenReturn(vesselLoad());
        when(entities.list(null)).thenReturn(List.of(new io.loadsmith.entity.EntityResponse(1, 0, "D_VESSEL_SCD2",
                "VESSEL", "publish", "publish.D_VESSEL_SCD2", "DIM", null, "dwh", null, null, List.of(), Instant.EPOCH,
                Instant.EPOCH)));
        when(commits.commit("dwh", "first")).thenReturn(new PackageCommits.Committed("dwh", 3));
        mvc.perform(post("/loads/5").header("HX-Request", "true").param("action", "commit").param("commitMessage", "first")
                        .param("version", "2").param("name", "load_d_vessel_scd2").param("target", "publish.D_VESSEL_SCD2"))
                .andExpect(view().name("loads/detail :: editorAndHeading"))
                .andExpect(content().string(containsString("Saved and committed as version 3.")))
                .andExpect(content().string(containsString("/packages/dwh/export?version=3")));
        verify(loads).update(eq(5L), any());
    }

    /** A rename saved with htmx: the answer carries the new name as the page's title and, out of band, its heading. */
    @Test
    void anHtmxSaveAnswersTheNewNameAsTitleAndHeading() throws Exception {
        LoadResponse stored = vesselLoad();
        LoadResponse renamed = new LoadResponse(5, 3, "load_vessel_renamed", stored.target(), null, stored.loadType(), null,
                List.of(), stored.steps(), new java.util.TreeMap<>(), stored.createdAt(), stored.updatedAt());
        when(loads.get(5)).thenReturn(stored, renamed);
        when(loads.update(eq(5L), any())).thenReturn(renamed);
        String html = mvc.perform(post("/loads/5").header("HX-Request", "true").param("action", "save")
                        .param("version", "2").param("name", "load_vessel_renamed").param("target", "publish.D_VESSEL_SCD2"))
                .andExpect(status().isOk())
                .andReturn().getResponse().getContentAsString(java.nio.charset.StandardCharsets.UTF_8);
        // htmx takes a <title> at the root of a partial answer as the document's title.
        assertThat(html.strip()).startsWith("<title>load_vessel_renamed · Loadsmith</title>");
        org.jsoup.nodes.Document doc = org.jsoup.Jsoup.parseBodyFragment(html);
        assertThat(doc.select("#load-head[hx-swap-oob=true] h1").text()).isEqualTo("load_vessel_renamed");
        assertThat(doc.select("#load-editor .saved").text()).isEqualTo("Saved.");
        assertThat(doc.select("#load-head a#load-history").attr("href")).contains("objectName=load_vessel_renamed");
    }

    @Test
    void theFullPageHasOneTitleAndOneHeadingNotOutOfBand() throws Exception {
        String html = mvc.perform(get("/loads/5")).andExpect(status().isOk())
                .andReturn().getResponse().getContentAsString(java.nio.charset.StandardCharsets.UTF_8);
        org.jsoup.nodes.Document doc = org.jsoup.Jsoup.parse(html);
        assertThat(doc.select("title")).hasSize(1);
        assertThat(doc.select("h1")).hasSize(1);
        assertThat(doc.select("[hx-swap-oob]")).isEmpty();
        assertThat(doc.select("#load-head h1").text()).isEqualTo("load_d_vessel_scd2");
    }

    /** The editor is drawn again after a row button: the element htmx focuses (autofocus) keeps the keyboard's place. */
    @Test
    void aRowActionSaysWhereTheKeyboardGoesNext() throws Exception {
        assertThat(autofocused("add-sql", 2)).isEqualTo("steps2.name");
        assertThat(autofocused("add-template", 2)).isEqualTo("steps2.name");
        assertThat(autofocused("up-1", 2)).isEqualTo("up-0");
        assertThat(autofocused("down-0", 2)).isEqualTo("down-1");
        assertThat(autofocused("remove-0", 2)).isEqualTo("remove-0");
        assertThat(autofocused("remove-1", 2)).isEqualTo("remove-0");
        assertThat(autofocused("remove-0", 1)).isEqualTo("add-sql-step");
    }

    /** The id, or the action value, of the one autofocus element after {@code action} on a form of {@code steps} SQL steps. */
    private String autofocused(String action, int steps) throws Exception {
        var request = post("/loads/5").header("HX-Request", "true").param("action", action).param("version", "2")
                .param("name", "load_d_vessel_scd2").param("target", "publish.D_VESSEL_SCD2");
        for (int i = 0; i < steps; i++) {
            request.param("steps[" + i + "].name", "s" + i).param("steps[" + i + "].kind", "SQL")
                    .param("steps[" + i + "].text", "SELECT " + i);
        }
        String html = mvc.perform(request).andExpect(status().isOk())
                .andReturn().getResponse().getContentAsString(java.nio.charset.StandardCharsets.UTF_8);
        org.jsoup.select.Elements focused = org.jsoup.Jsoup.parseBodyFragment(html).select("[autofocus]");
        assertThat(focused).as(action).hasSize(1);
        return focused.get(0).id().isEmpty() ? focused.get(0).attr("value") : focused.get(0).id();
    }

    @Test
    void aRefusedCommitStillSavesAndSaysWhyInPlace() throws Exception {
        when(loads.update(eq(5L), any())).thenReturn(vesselLoad());
        mvc.perform(post("/loads/5").param("action", "commit").param("commitMessage", "first")
                        .param("version", "2").param("name", "load_d_vessel_scd2").param("target", "publish.D_VESSEL_SCD2"))
                .andExpect(status().isOk())
                .andExpect(content().string(containsString("Saved, not committed: The target publish.D_VESSEL_SCD2 is in no package")));
    }

    @Test
    void rejectedSaveShowsTheMessageAtTheStepAndKeepsTheInput() throws Exception {
        when(loads.update(eq(5L), any())).thenThrow(new InvalidRequestException(List.of(new FieldProblem("steps[0].text",
                null, "Load 'load_d_vessel_scd2', step 1 'merge', template 'scd2', line 1, column 1: missing required parameter 'temp_table_prefix' (STRING)")),
                Map.of()));
        mvc.perform(post("/loads/5").header("HX-Request", "true").param("version", "2").param("name", "load_d_vessel_scd2")
                        .param("target", "publish.D_VESSEL_SCD2")
                        .param("steps[0].name", "merge_typed").param("steps[0].kind", "TEMPLATE")
                        .param("steps[0].template", "scd2").param("steps[0].params[temp_table_prefix]", ""))
                .andExpect(status().isOk())
                .andExpect(view().name("loads/detail :: editorAndHeading"))
                .andExpect(content().string(containsString("missing required parameter")))
                .andExpect(content().string(containsString("value=\"merge_typed\"")));
    }

    @Test
    void aStepWithoutTextIsRefusedAtTheStepAsTheApiWouldRefuseIt() throws Exception {
        mvc.perform(post("/loads/5").param("version", "2").param("name", "load_d_vessel_scd2")
                        .param("target", "publish.D_VESSEL_SCD2")
                        .param("steps[0].name", "first").param("steps[0].kind", "SQL").param("steps[0].text", "SELECT 1")
                        .param("steps[1].name", "empty_one").param("steps[1].kind", "SQL").param("steps[1].text", ""))
                .andExpect(status().isOk())
                .andExpect(view().name("loads/detail"))
                .andExpect(model().attribute("errors", org.hamcrest.Matchers.hasToString(
                        containsString("steps[1].text"))))
                .andExpect(content().string(containsString("must not be blank")))
                .andExpect(content().string(containsString("value=\"empty_one\"")));
        org.mockito.Mockito.verify(loads, org.mockito.Mockito.never()).update(org.mockito.ArgumentMatchers.anyLong(), any());
    }

    @Test
    void staleSaveKeepsTheUsersText() throws Exception {
        when(loads.update(eq(5L), any())).thenThrow(new StaleVersionException("Load 'load_d_vessel_scd2'", 1, 2));
        mvc.perform(post("/loads/5").param("version", "1").param("name", "load_d_vessel_scd2")
                        .param("target", "publish.D_VESSEL_SCD2")
                        .param("steps[0].name", "s").param("steps[0].kind", "SQL").param("steps[0].text", "SELECT 42 AS mine"))
                .andExpect(status().isOk())
                .andExpect(content().string(containsString("was changed by someone else")))
                .andExpect(content().string(containsString("SELECT 42 AS mine")));
    }

    @Test
    void addTemplateStepShowsAnEmptyTemplateStepUnsaved() throws Exception {
        mvc.perform(post("/loads/5").header("HX-Request", "true").param("action", "add-template").param("version", "2")
                        .param("name", "load_d_vessel_scd2").param("target", "publish.D_VESSEL_SCD2"))
                .andExpect(status().isOk())
                .andExpect(view().name("loads/detail :: editorAndHeading"))
                .andExpect(result -> org.assertj.core.api.Assertions.assertThat(
                        ((LoadForm) result.getModelAndView().getModel().get("form")).steps()).hasSize(1))
                .andExpect(content().string(containsString("1. Template step")))
                .andExpect(content().string(containsString("not saved yet")));
    }

    /** The form as a row button posts it: three named steps of different types and texts. */
    static org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder threeSteps(String action) {
        return post("/loads/5").header("HX-Request", "true").param("action", action).param("version", "2")
                .param("name", "load_d_vessel_scd2").param("target", "publish.D_VESSEL_SCD2")
                .param("steps[0].name", "a").param("steps[0].type", "PRE").param("steps[0].text", "SELECT 'a'")
                .param("steps[1].name", "b").param("steps[1].type", "OVERRIDE").param("steps[1].text", "SELECT 'b'")
                .param("steps[2].name", "c").param("steps[2].type", "POST").param("steps[2].text", "SELECT 'c'");
    }

    static LoadForm shownForm(org.springframework.test.web.servlet.MvcResult result) {
        return (LoadForm) result.getModelAndView().getModel().get("form");
    }

    /** The form is a record: each row button returns a new one whose other steps keep what was typed. */
    @Test
    void addRemoveAndMoveOfStepsKeepTheOtherStepsValues() throws Exception {
        LoadForm.StepRow a = new LoadForm.StepRow("a", "PRE", "SQL", "SELECT 'a'", null, Map.of());
        LoadForm.StepRow b = new LoadForm.StepRow("b", "OVERRIDE", "SQL", "SELECT 'b'", null, Map.of());
        LoadForm.StepRow c = new LoadForm.StepRow("c", "POST", "SQL", "SELECT 'c'", null, Map.of());
        assertThat(shownForm(mvc.perform(threeSteps("up-2")).andReturn()).steps()).containsExactly(a, c, b);
        assertThat(shownForm(mvc.perform(threeSteps("down-0")).andReturn()).steps()).containsExactly(b, a, c);
        assertThat(shownForm(mvc.perform(threeSteps("remove-1")).andReturn()).steps()).containsExactly(a, c);
        assertThat(shownForm(mvc.perform(threeSteps("add-sql")).andReturn()).steps())
                .containsExactly(a, b, c, new LoadForm.StepRow(null, "OVERRIDE", "SQL", null, null, Map.of()));
        String html = mvc.perform(threeSteps("up-1")).andReturn().getResponse().getContentAsString();
        assertThat(html.indexOf("value=\"b\"")).isPositive().isLessThan(html.indexOf("value=\"a\""));
        assertThat(html).contains("<option value=\"POST\" selected=\"selected\">POST</option>");
    }

    /**
     * A step the browser skipped (steps[0] and steps[2] sent) is an empty step in its place, not dropped:
     * a save is refused at step 2, which has no name, and step 3 keeps its values.
     */
    @Test
    void aSkippedStepIsAnEmptyStepInItsPlace() throws Exception {
        String refused = mvc.perform(post("/loads/5").header("HX-Request", "true").param("version", "2")
                        .param("name", "load_d_vessel_scd2").param("target", "publish.D_VESSEL_SCD2")
                        .param("steps[0].name", "a").param("steps[0].text", "SELECT 'a'")
                        .param("steps[2].name", "c").param("steps[2].type", "POST").param("steps[2].text", "SELECT 'c'"))
                .andExpect(status().isOk()).andReturn().getResponse().getContentAsString();
        assertThat(refused).contains("Step 2, name:", "id=\"steps2.name\" name=\"steps[2].name\" value=\"c\"",
                "<option value=\"POST\" selected=\"selected\">POST</option>");
        assertThat(refused).contains("<li class=\"step has-error\" id=\"step-1\">", "<li class=\"step\" id=\"step-0\">",
                "<li class=\"step\" id=\"step-2\">");
        verify(loads, never()).update(anyLong(), any());

        String shown = mvc.perform(post("/loads/5").header("HX-Request", "true").param("action", "add-sql")
                        .param("version", "2").param("name", "load_d_vessel_scd2").param("target", "publish.D_VESSEL_SCD2")
                        .param("steps[0].name", "a").param("steps[2].name", "c"))
                .andReturn().getResponse().getContentAsString();
        assertThat(shown).contains("id=\"steps1.name\" name=\"steps[1].name\" value=\"\"",
                "id=\"steps2.name\" name=\"steps[2].name\" value=\"c\"", "id=\"steps3.name\"");
    }

    /** The hidden options fields ({@code options[NAME]}) and the ticked sources bind through the record's constructor too. */
    @Test
    void optionsAndSourcesArriveAsSent() throws Exception {
        when(loads.update(eq(5L), any())).thenReturn(vesselLoad());
        mvc.perform(post("/loads/5").param("version", "2").param("name", "load_d_vessel_scd2").param("target", "publish.D_VESSEL_SCD2")
                        .param("options[historize]", "true").param("options[source_system]", "AIS, the feed")
                        .param("sources", "staging.S_B", "staging.S_A")
                        .param("steps[0].name", "a").param("steps[0].text", "SELECT 1"))
                .andExpect(status().is3xxRedirection());
        ArgumentCaptor<LoadRequest> sent = ArgumentCaptor.forClass(LoadRequest.class);
        verify(loads).update(eq(5L), sent.capture());
        assertThat(sent.getValue().options()).isEqualTo(Map.of("historize", "true", "source_system", "AIS, the feed"));
        assertThat(sent.getValue().sources()).containsExactly("staging.S_B", "staging.S_A");
    }

    /**
     * Version, load type and step type stay the text sent: a typo in the number and choices no select
     * offers are all named at their fields at once, as typed, and nothing is saved.
     */
    @Test
    void aForgedChoiceAndATypoInANumberAreRefusedTogetherAtTheirFields() throws Exception {
        String html = mvc.perform(post("/loads/5").header("HX-Request", "true").param("version", "2x")
                        .param("name", "load_d_vessel_scd2").param("target", "publish.D_VESSEL_SCD2").param("loadType", "BULK")
                        .param("steps[0].name", "a").param("steps[0].type", "SOMETIMES").param("steps[0].text", "SELECT 1"))
                .andExpect(status().isOk()).andReturn().getResponse().getContentAsString();
        assertThat(html).contains("Version: &#39;2x&#39; is not a valid value here (a whole number is expected)",
                        "Load type: &#39;BULK&#39; is not one of [TRANSFORM_PERSIST",
                        "&#39;SOMETIMES&#39; is not one of [PRE, OVERRIDE, POST]", "value=\"2x\"")
                .doesNotContain("Exception", "io.loadsmith");
        assertThat(html.substring(html.indexOf("id=\"step-0\""))).contains("class=\"field-error step-error\"");
        verify(loads, never()).update(anyLong(), any());
    }

    @Test
    void deleteAsksFirstThenRedirects() throws Exception {
        mvc.perform(get("/loads/5/delete")).andExpect(view().name("confirm"));
        mvc.perform(post("/loads/5/delete")).andExpect(redirectedUrl("/loads?deleted=5"));
        verify(loads).softDelete(5);
        mvc.perform(post("/loads/5/restore")).andExpect(redirectedUrl("/loads/5"));
        verify(loads).restore(5);
    }

    @Test
    void templateCallsRoundTrip() {
        var call = TemplateStepText.parse("<ftltemplate:scd2:temp_table_prefix=Z\\:TMP_:full_refresh=true>").orElseThrow();
        org.assertj.core.api.Assertions.assertThat(call.template()).isEqualTo("scd2");
        org.assertj.core.api.Assertions.assertThat(call.arguments())
                .containsEntry("temp_table_prefix", "Z:TMP_").containsEntry("full_refresh", "true");
        org.assertj.core.api.Assertions.assertThat(TemplateStepText.parse("SELECT 1; <ftltemplate:scd2>")).isEmpty();
        org.assertj.core.api.Assertions.assertThat(TemplateStepText.parse("<ftltemplate:scd2>").orElseThrow().arguments()).isEmpty();
        org.assertj.core.api.Assertions.assertThat(TemplateStepText.compose("scd2", SCD2.parameters(),
                Map.of("temp_table_prefix", "Z_TMP_"))).isEqualTo("<ftltemplate:scd2:temp_table_prefix=Z_TMP_:full_refresh=false>");
    }

    @Test
    void previewWhileTypingGeneratesTheFormOnScreenAndReturnsOnlyThePreview() throws Exception {
        when(assembler.assemble(any(LoadRequest.class))).thenAnswer(i -> new io.loadsmith.generation.model.LoadModel("x",
                null, List.of(), List.of(new io.loadsmith.generation.model.StepModel("s", StepType.OVERRIDE,
                        ((LoadRequest) i.getArgument(0)).steps().get(0).text())), Map.of()));
        when(generator.generate(any(), any(), any(), any())).thenAnswer(i -> new GeneratedLoad("x", i.getArgument(1), List.of(),
                "/* draft */ " + ((io.loadsmith.generation.model.LoadModel) i.getArgument(0)).steps().get(0).text()));
        mvc.perform(post("/loads/5").header("HX-Request", "true").param("action", "preview").param("dialect", "duckdb")
                        .param("version", "2").param("name", "load_d_vessel_scd2").param("target", "publish.D_VESSEL_SCD2")
                        .param("steps[0].kind", "SQL").param("steps[0].name", "s").param("steps[0].text", "SELECT 42"))
                .andExpect(status().isOk())
                .andExpect(view().name("loads/detail :: preview"))
                .andExpect(content().string(containsString("/* draft */ SELECT 42")))
                .andExpect(content().string(containsString("Of the form on screen")))
                .andExpect(content().string(not(containsString("id=\"load-form\""))));
        // Assembled beside the stored load, read once: the same target, the form's steps.
        ArgumentCaptor<io.loadsmith.generation.model.LoadModel> draft = ArgumentCaptor.forClass(io.loadsmith.generation.model.LoadModel.class);
        verify(generator).generate(draft.capture(), eq("duckdb"), eq(Map.of()), any());
        verify(assembler, never()).assemble(any(LoadRequest.class));
        verify(loads, never()).get(anyLong());
        org.assertj.core.api.Assertions.assertThat(draft.getValue().target()).isEqualTo(STORED.target());
        org.assertj.core.api.Assertions.assertThat(draft.getValue().steps()).extracting(io.loadsmith.generation.model.StepModel::text)
                .containsExactly("SELECT 42");
        verify(loads, org.mockito.Mockito.never()).update(anyLong(), any());
    }

    @Test
    void theLivePreviewChecksTheEnvironmentOnceAndGathersNoneOfTheEditorsLists() throws Exception {
        when(environments.variables("dev")).thenReturn(Map.of());
        mvc.perform(post("/loads/5").header("HX-Request", "true").param("action", "preview").param("dialect", "duckdb")
                        .param("environment", "dev").param("version", "2").param("name", "load_d_vessel_scd2")
                        .param("target", "publish.D_VESSEL_SCD2")
                        .param("steps[0].kind", "SQL").param("steps[0].name", "s").param("steps[0].text", "SELECT 42"))
                .andExpect(status().isOk())
                .andExpect(view().name("loads/detail :: preview"));
        verify(environments).variables("dev");
        verify(environments, never()).check(any());
        // The stored load is read once (or kept from a keystroke before), by the reader generation uses; not again as the editor shows it.
        verify(assembler).recentAsStored(5L);
        verify(assembler, never()).assemble(anyLong());
        verify(assembler, never()).assemble(any(LoadRequest.class));
        verify(loads, never()).get(anyLong());
        // The pane shows the SQL, the dialect and environment switchers: no targets, columns or templates.
        verify(entities, never()).list(any());
        verify(templates, never()).all();
        verify(loads, never()).transformationTypes();
    }

    /** The pane's SQL is escaped once, as text, exactly as th:text escaped it (markup characters, nothing else). */
    @Test
    void thePreviewsSqlIsEscapedAsText() throws Exception {
        when(generator.generate(any(), any(), any(), any())).thenAnswer(i -> new GeneratedLoad("x", i.getArgument(1), List.of(),
                "SELECT '<a>' || \"b\" & c -- é ü €\n</textarea><script>x</script>"));
        mvc.perform(post("/loads/5").header("HX-Request", "true").param("action", "preview").param("dialect", "duckdb")
                        .param("version", "2").param("name", "load_d_vessel_scd2").param("target", "publish.D_VESSEL_SCD2")
                        .param("steps[0].kind", "SQL").param("steps[0].name", "s").param("steps[0].text", "SELECT 42"))
                .andExpect(status().isOk())
                .andExpect(content().string(containsString("<span class=\"line\">SELECT &#39;&lt;a&gt;&#39; || &quot;b&quot;"
                        + " &amp; c -- é ü €</span>\n<span class=\"line\">&lt;/textarea&gt;&lt;script&gt;x&lt;/script&gt;</span>\n</pre>")));
    }

    @Test
    void switchingTheDialectOfAnUnchangedFormShowsTheSavedLoadsSql() throws Exception {
        mvc.perform(post("/loads/5").header("HX-Request", "true").param("action", "preview").param("dialect", "duckdb")
                        .param("version", "2").param("name", "load_d_vessel_scd2").param("target", "publish.D_VESSEL_SCD2")
                        .param("loadType", "TRANSFORM_PERSIST").param("description", "")
                        .param("steps[0].kind", "SQL").param("steps[0].name", "drop_temp_start").param("steps[0].type", "OVERRIDE")
                        .param("steps[0].text", "DROP TABLE x;")
                        .param("steps[1].kind", "TEMPLATE").param("steps[1].name", "merge").param("steps[1].type", "OVERRIDE")
                        .param("steps[1].template", "scd2").param("steps[1].params[temp_table_prefix]", "Z_TMP_")
                        .param("steps[1].params[full_refresh]", "true"))
                .andExpect(status().isOk())
                .andExpect(content().string(not(containsString("Of the form on screen"))));
        verify(generator).generate(eq(STORED), eq("duckdb"), eq(Map.of()), any());
        verify(assembler, org.mockito.Mockito.never()).assemble(any(LoadRequest.class));
    }

    @Test
    void thePreviewOfAFormThatCannotGenerateSaysWhyInThePreview() throws Exception {
        when(assembler.assemble(any(LoadRequest.class))).thenThrow(InvalidRequestException.of("target", "x.Y", "names no entity"));
        mvc.perform(post("/loads/5").header("HX-Request", "true").param("action", "preview")
                        .param("name", "load_d_vessel_scd2").param("target", "x.Y"))
                .andExpect(status().isOk())
                .andExpect(content().string(containsString("names no entity")));
    }

    @Test
    void theEditorIsTrackedForUnsavedChangesAndPreviewsLive() throws Exception {
        mvc.perform(get("/loads/5"))
                .andExpect(content().string(containsString("data-track-changes")))
                .andExpect(content().string(containsString("id=\"load-live-preview\"")))
                .andExpect(content().string(not(containsString("data-dirty"))));
        mvc.perform(post("/loads/5").header("HX-Request", "true").param("action", "add-sql").param("name", "load_d_vessel_scd2")
                        .param("target", "publish.D_VESSEL_SCD2"))
                .andExpect(content().string(containsString("data-dirty=\"true\"")));
    }

    static final TemplateDefinition SNAPSHOT = new TemplateDefinition(TemplateKind.TEMPLATE, "snapshot", null,
            List.of(new ParameterDefinition("strategy", ParameterType.STRING, true, null, null, List.of("timestamp", "check")),
                    new ParameterDefinition("unique_key", ParameterType.IDENTIFIER_LIST, true, null, null),
                    new ParameterDefinition("invalidate_hard_deletes", ParameterType.BOOLEAN, false, "false", null)),
            Map.of("default", "MERGE"), "library");

    static io.loadsmith.entity.EntityResponse entity(String schema, String name, String... columns) {
        return new io.loadsmith.entity.EntityResponse(1, 0, name, name, schema, schema + "." + name, "DIM", null, null, null,
                null, java.util.Arrays.stream(columns).map(c -> new io.loadsmith.entity.AttributeJson(c, "VARCHAR",
                        null, null, null, null, null, null, null)).toList(), Instant.EPOCH, Instant.EPOCH);
    }

    @Test
    void typedParametersAreASelectACheckboxAndAColumnPickerOfTheTargetAndSources() throws Exception {
        when(templates.all()).thenReturn(List.of(SCD2, SNAPSHOT));
        when(templates.find("snapshot")).thenReturn(Optional.of(SNAPSHOT));
        when(entities.list(null)).thenReturn(List.of(entity("publish", "D_SHIP", "ship_id", "name"),
                entity("staging", "S_SHIP", "ship_id", "flag")));
        mvc.perform(post("/loads/5").header("HX-Request", "true").param("action", "refresh").param("name", "l")
                        .param("target", "publish.D_SHIP").param("sources", "staging.S_SHIP")
                        .param("steps[0].kind", "TEMPLATE").param("steps[0].template", "snapshot")
                        .param("steps[0].params[strategy]", "check").param("steps[0].params[unique_key]", "ship_id,custom_col"))
                .andExpect(status().isOk())
                .andExpect(content().string(containsString("<select id=\"step-0-param-strategy\"")))
                .andExpect(content().string(containsString("<option value=\"check\" selected=\"selected\">check</option>")))
                .andExpect(content().string(containsString("type=\"checkbox\" id=\"step-0-param-invalidate_hard_deletes\"")))
                // target then source columns, each once; the typed one not among them stays in "other"
                .andExpect(content().string(containsString("id=\"step-0-param-unique_key-0\" name=\"steps[0].params[unique_key]\" value=\"ship_id\" checked")))
                .andExpect(content().string(containsString("value=\"flag\"")))
                .andExpect(content().string(containsString("id=\"step-0-param-unique_key-other\" name=\"steps[0].params[unique_key]\" value=\"custom_col\"")))
                // the chosen source a ticked box, first in the list
                .andExpect(content().string(containsString("<input type=\"checkbox\" name=\"sources\" id=\"sources-chosen-0\" value=\"staging.S_SHIP\" checked")));
    }

    @Test
    void pickedColumnsAndTheOtherFieldAreSavedAsOneListAndSourcesAsChosen() throws Exception {
        when(templates.find("snapshot")).thenReturn(Optional.of(SNAPSHOT));
        when(loads.update(eq(5L), any())).thenReturn(vesselLoad());
        mvc.perform(post("/loads/5").param("action", "save").param("version", "2").param("name", "l")
                        .param("target", "publish.D_SHIP").param("sources", "staging.S_SHIP", "staging.S_OTHER")
                        .param("steps[0].kind", "TEMPLATE").param("steps[0].name", "m").param("steps[0].template", "snapshot")
                        .param("steps[0].params[strategy]", "check")
                        .param("steps[0].params[unique_key]", "ship_id", "flag", " extra "))
                .andExpect(status().is3xxRedirection());
        ArgumentCaptor<LoadRequest> saved = ArgumentCaptor.forClass(LoadRequest.class);
        verify(loads).update(eq(5L), saved.capture());
        org.assertj.core.api.Assertions.assertThat(saved.getValue().sources()).containsExactly("staging.S_SHIP", "staging.S_OTHER");
        org.assertj.core.api.Assertions.assertThat(saved.getValue().steps().get(0).text())
                .isEqualTo("<ftltemplate:snapshot:strategy=check:unique_key=ship_id,flag,extra:invalidate_hard_deletes=false>");
    }

    @Test
    void anErrorAboutAParameterIsShownAtThatParameter() throws Exception {
        when(templates.find("snapshot")).thenReturn(Optional.of(SNAPSHOT));
        when(templates.all()).thenReturn(List.of(SNAPSHOT));
        when(loads.update(eq(5L), any())).thenThrow(InvalidRequestException.of("steps[0].text", null,
                "Load l, step 1 (m), template snapshot: parameter 'strategy' is one of timestamp, check; missing required parameter 'unique_key' (IDENTIFIER_LIST)"));
        mvc.perform(post("/loads/5").param("action", "save").param("version", "2").param("name", "l").param("target", "publish.D_SHIP")
                        .param("steps[0].kind", "TEMPLATE").param("steps[0].name", "m").param("steps[0].template", "snapshot"))
                .andExpect(status().isOk())
                .andExpect(content().string(containsString("<small class=\"field-error param-error\" role=\"alert\">parameter &#39;strategy&#39; is one of timestamp, check</small>")))
                .andExpect(content().string(containsString("<small class=\"field-error param-error\" role=\"alert\">missing required parameter &#39;unique_key&#39; (IDENTIFIER_LIST)</small>")));
    }
}
