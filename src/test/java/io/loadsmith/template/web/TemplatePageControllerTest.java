package io.loadsmith.template.web;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
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
import java.util.TreeMap;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.entitytype.LoadType;
import io.loadsmith.generation.GeneratedLoad;
import io.loadsmith.generation.catalog.ParameterDefinition;
import io.loadsmith.generation.catalog.ParameterType;
import io.loadsmith.generation.catalog.TemplateDefinition;
import io.loadsmith.generation.catalog.TemplateKind;
import io.loadsmith.generation.catalog.TemplateLookup;
import io.loadsmith.load.LoadService;
import io.loadsmith.load.LoadResponse;
import io.loadsmith.problem.FieldProblem;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.template.TemplateService;
import io.loadsmith.template.ParameterJson;
import io.loadsmith.template.TemplateResponse;
import io.loadsmith.web.WebExceptionHandler;

@WebMvcTest({TemplatePageController.class, TemplateListPageController.class})
// Slices test the controllers; who may call them is the security tests' subject.
@org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc(addFilters = false)
@Import({TemplatePreviews.class, DialectRegistry.class, WebExceptionHandler.class, io.loadsmith.load.Generation.class, io.loadsmith.generation.StoreChanges.class})
class TemplatePageControllerTest {

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
    TemplateService templates;

    @MockitoBean
    TemplateLookup lookup;

    @MockitoBean
    LoadService loads;

    @MockitoBean
    io.loadsmith.load.DraftTemplatePreview drafts;

    // The front door is real; what it reads and renders for a saved load is stubbed.
    @MockitoBean
    io.loadsmith.load.LoadModelAssembler assembler;

    @MockitoBean
    io.loadsmith.generation.LoadSqlGenerator generator;

    @MockitoBean
    io.loadsmith.environment.EnvironmentService environments;

    static final TemplateResponse STORED = new TemplateResponse(3, 1, "my_merge", null, null,
            List.of(new ParameterJson("prefix", ParameterType.STRING, true, null, null)),
            new TreeMap<>(Map.of("default", "MERGE INTO ${prefix}x")));

    @BeforeEach
    void stubs() {
        when(templates.get(3)).thenReturn(STORED);
        when(templates.list(null)).thenReturn(List.of(STORED));
        TemplateDefinition scd2 = new TemplateDefinition(TemplateKind.TEMPLATE, "scd2", "SCD2",
                List.of(new ParameterDefinition("temp_table_prefix", ParameterType.STRING, true, null, null)),
                Map.of("default", "MERGE"), "library");
        when(lookup.all()).thenReturn(List.of(scd2, new TemplateDefinition(TemplateKind.TEMPLATE, "my_merge", null,
                List.of(), Map.of("default", "x"), "store")));
        when(lookup.find("scd2")).thenReturn(Optional.of(scd2));
        when(loads.list(null)).thenReturn(List.of(new LoadResponse(5, 0, "load_x", "publish.X", null, LoadType.TRANSFORM_PERSIST,
                null, List.of(), List.of(), new TreeMap<>(), Instant.EPOCH, Instant.EPOCH)));
        io.loadsmith.generation.model.LoadModel five = new io.loadsmith.generation.model.LoadModel("load_x", null,
                List.of(), List.of(), java.util.Map.of());
        when(assembler.assemble(5L)).thenReturn(five);
        when(generator.generate(eq(five), any(), any(), any())).thenAnswer(i -> new GeneratedLoad("load_x", i.getArgument(1), List.of(),
                "MERGE INTO Z_x -- " + i.getArgument(1)));
    }

    @Test
    void listShowsStoredAndShippedTemplates() throws Exception {
        mvc.perform(get("/configuration/templates"))
                .andExpect(status().isOk())
                .andExpect(view().name("configuration/templates"))
                .andExpect(model().attribute("templates", hasSize(2)))
                .andExpect(content().string(containsString("/configuration/templates/3")))
                .andExpect(content().string(containsString("/configuration/templates/new?from=scd2")))
                .andExpect(content().string(containsString("/configuration/templates/library/scd2")));
    }

    @Test
    void newFromAShippedTemplateCopiesItsParametersAndText() throws Exception {
        mvc.perform(get("/configuration/templates/new").param("from", "scd2"))
                .andExpect(status().isOk())
                .andExpect(view().name("configuration/template"))
                .andExpect(content().string(containsString("value=\"temp_table_prefix\"")));
    }

    @Test
    void editorShowsTextParametersAndPreview() throws Exception {
        mvc.perform(get("/configuration/templates/3"))
                .andExpect(status().isOk())
                .andExpect(view().name("configuration/template"))
                .andExpect(model().attributeExists("form", "preview", "loads", "dialects", "parameterTypes"))
                .andExpect(content().string(containsString("MERGE INTO ${prefix}x")))
                .andExpect(content().string(containsString("MERGE INTO Z_x -- snowflake")));
    }

    @Test
    void previewFragmentForAChosenLoadAndDialect() throws Exception {
        mvc.perform(get("/configuration/templates/3/preview").param("load", "5").param("dialect", "duckdb")
                        .header("HX-Request", "true"))
                .andExpect(status().isOk())
                .andExpect(view().name("configuration/template :: preview"))
                .andExpect(content().string(containsString("MERGE INTO Z_x -- duckdb")))
                .andExpect(content().string(not(containsString("<html"))));
    }

    @Test
    void rejectedSaveShowsTheTemplateErrorAndKeepsTheText() throws Exception {
        when(templates.update(eq(3L), any())).thenThrow(new InvalidRequestException(List.of(new FieldProblem(
                "variants.default", null, "line 1, column 12: Syntax error in template")), Map.of()));
        mvc.perform(post("/configuration/templates/3").header("HX-Request", "true").param("version", "1")
                        .param("name", "my_merge").param("variants[0].dialect", "default")
                        .param("variants[0].text", "MERGE ${broken"))
                .andExpect(status().isOk())
                .andExpect(view().name("configuration/template :: editor"))
                .andExpect(content().string(containsString("Syntax error in template")))
                .andExpect(content().string(containsString("MERGE ${broken")));
    }

    @Test
    void saveRedirectsAndAddParameterDoesNotSave() throws Exception {
        when(templates.update(eq(3L), any())).thenReturn(STORED);
        mvc.perform(post("/configuration/templates/3").param("version", "1").param("name", "my_merge")
                        .param("variants[0].dialect", "default").param("variants[0].text", "x"))
                .andExpect(redirectedUrl("/configuration/templates/3?saved"));
        mvc.perform(post("/configuration/templates/3").param("action", "add-parameter").param("version", "1")
                        .param("name", "my_merge"))
                .andExpect(status().isOk())
                .andExpect(model().attribute("form", new TemplateForm("1", "my_merge", null, null,
                        List.of(new TemplateForm.ParamRow(null, null, false, null, null)), List.of())))
                .andExpect(content().string(containsString("not saved yet")));
    }

    /** A type the editor does not offer stays as typed (the save names it): no failed page, nothing lost. */
    @Test
    void anUnknownParameterTypeDoesNotLoseTheForm() throws Exception {
        mvc.perform(post("/configuration/templates/3").param("action", "add-variant").param("version", "1")
                        .param("name", "my_merge").param("parameters[0].name", "a").param("parameters[0].type", "NOPE"))
                .andExpect(status().isOk())
                .andExpect(model().attribute("form", new TemplateForm("1", "my_merge", null, null,
                        List.of(new TemplateForm.ParamRow("a", "NOPE", false, null, null)),
                        List.of(new TemplateForm.VariantRow(null, null)))));
    }

    /** Rows bound through the form's constructor: an unticked box (its marker only) is false, a ticked one true. */
    @Test
    void removingAParameterKeepsTheOthersAsTyped() throws Exception {
        mvc.perform(post("/configuration/templates/3").param("action", "remove-parameter-0").param("version", "1")
                        .param("name", "my_merge")
                        .param("parameters[0].name", "a").param("_parameters[0].required", "on")
                        .param("parameters[1].name", "b").param("parameters[1].type", "INTEGER")
                        .param("parameters[1].required", "true").param("_parameters[1].required", "on")
                        .param("parameters[2].name", "c").param("_parameters[2].required", "on")
                        .param("variants[0].dialect", "default").param("variants[0].text", "x"))
                .andExpect(status().isOk())
                .andExpect(model().attribute("form", new TemplateForm("1", "my_merge", null, null, List.of(
                        new TemplateForm.ParamRow("b", "INTEGER", true, null, null),
                        new TemplateForm.ParamRow("c", "STRING", false, null, null)),
                        List.of(new TemplateForm.VariantRow("default", "x")))))
                .andExpect(content().string(containsString("not saved yet")));
    }

    @Test
    void previewThisTextRendersTheUnsavedDraftAndSavesNothing() throws Exception {
        when(drafts.generate(eq(5L), eq("duckdb"), eq("my_merge"), any(), any())).thenReturn(
                new GeneratedLoad("load_x", "duckdb", List.of(), "MERGE INTO DRAFTED -- duckdb"));
        mvc.perform(post("/configuration/templates/3").header("HX-Request", "true").param("action", "preview")
                        .param("load", "5").param("dialect", "duckdb").param("version", "1").param("name", "my_merge")
                        .param("parameters[0].name", "prefix").param("parameters[0].type", "STRING")
                        .param("variants[0].dialect", "default").param("variants[0].text", "MERGE INTO DRAFTED"))
                .andExpect(status().isOk())
                .andExpect(view().name("configuration/template :: editor"))
                .andExpect(content().string(containsString("MERGE INTO DRAFTED -- duckdb")))
                .andExpect(content().string(containsString("not saved yet, rendered")));
        org.mockito.Mockito.verify(drafts).generate(eq(5L), eq("duckdb"), eq("my_merge"),
                eq(List.of(new ParameterDefinition("prefix", ParameterType.STRING, false, null, null))),
                eq(Map.of("default", "MERGE INTO DRAFTED")));
        org.mockito.Mockito.verify(templates, org.mockito.Mockito.never()).update(org.mockito.ArgumentMatchers.anyLong(), any());
    }

    /** The draft's SQL is text on the page, a line a span, whatever it holds (the same view as the load page's). */
    @Test
    void thePreviewsSqlIsEscapedLineByLine() throws Exception {
        when(drafts.generate(eq(5L), eq("duckdb"), eq("my_merge"), any(), any())).thenReturn(
                new GeneratedLoad("load_x", "duckdb", List.of(), "SELECT '<b>' & 1\n</pre><script>x</script>"));
        mvc.perform(post("/configuration/templates/3").header("HX-Request", "true").param("action", "preview")
                        .param("load", "5").param("dialect", "duckdb").param("version", "1").param("name", "my_merge")
                        .param("variants[0].dialect", "default").param("variants[0].text", "x"))
                .andExpect(status().isOk())
                .andExpect(content().string(containsString("<span class=\"line\">SELECT &#39;&lt;b&gt;&#39; &amp; 1</span>\n"
                        + "<span class=\"line\">&lt;/pre&gt;&lt;script&gt;x&lt;/script&gt;</span>\n</pre>")));
    }

    @Test
    void deleteAsksFirst() throws Exception {
        mvc.perform(get("/configuration/templates/3/delete")).andExpect(view().name("confirm"));
        mvc.perform(post("/configuration/templates/3/delete")).andExpect(redirectedUrl("/configuration/templates"));
    }

    @Test
    void aTemplateInUseIsNotDeletedAndThePageSaysWhy() throws Exception {
        org.mockito.Mockito.doThrow(new io.loadsmith.problem.ConflictException(
                "Template 'tcalled' is called by steps of loads l_x; delete or change them first."))
                .when(templates).delete(3);
        mvc.perform(post("/configuration/templates/3/delete"))
                .andExpect(status().isConflict())
                .andExpect(content().contentTypeCompatibleWith(org.springframework.http.MediaType.TEXT_HTML))
                .andExpect(content().string(containsString(
                        "Template &#39;tcalled&#39; is called by steps of loads l_x; delete or change them first.")));
        mvc.perform(post("/configuration/templates/3/delete").header("HX-Request", "true"))
                .andExpect(status().isConflict())
                .andExpect(content().string(not(containsString("\"detail\""))))
                .andExpect(content().string(containsString("is called by steps of loads l_x")));
    }

    static LoadResponse load(long id, String name, String stepText) {
        return new LoadResponse(id, 0, name, "publish.X", null, LoadType.TRANSFORM_PERSIST, null, List.of(),
                List.of(new io.loadsmith.load.StepJson("s", io.loadsmith.generation.model.StepType.OVERRIDE, stepText)),
                new TreeMap<>(), Instant.EPOCH, Instant.EPOCH);
    }

    @Test
    void theLivePreviewOfACopyRendersTheTextAndDialectOnScreenIntoThePreviewAlone() throws Exception {
        when(loads.list(null)).thenReturn(List.of(load(5, "load_x", "SELECT 1"), load(6, "load_scd2", "<ftltemplate:scd2:temp_table_prefix=Z_>")));
        when(drafts.generate(eq(6L), eq("duckdb"), eq("scd2"), any(), any())).thenReturn(
                new GeneratedLoad("load_scd2", "duckdb", List.of(), "MERGE ON SCREEN -- duckdb"));
        mvc.perform(post("/configuration/templates").header("HX-Request", "true").header("HX-Target", "preview")
                        .param("action", "preview").param("dialect", "duckdb").param("name", "scd2")
                        .param("variants[0].dialect", "default").param("variants[0].text", "MERGE ON SCREEN"))
                .andExpect(status().isOk())
                .andExpect(view().name("configuration/template :: preview"))
                .andExpect(content().string(containsString("MERGE ON SCREEN -- duckdb")))
                // The picker offers the load that calls scd2, not the one that does not.
                .andExpect(content().string(containsString("load_scd2")))
                .andExpect(content().string(not(containsString(">load_x<"))));
    }

    @Test
    void aCopyIsPreviewedAsItStandsWhenTheEditorOpens() throws Exception {
        when(loads.list(null)).thenReturn(List.of(load(6, "load_scd2", "<ftltemplate:scd2:temp_table_prefix=Z_>")));
        when(drafts.generate(eq(6L), eq("snowflake"), eq("scd2"), any(), any())).thenReturn(
                new GeneratedLoad("load_scd2", "snowflake", List.of(), "MERGE COPIED"));
        mvc.perform(get("/configuration/templates/new").param("from", "scd2"))
                .andExpect(content().string(containsString("MERGE COPIED")))
                .andExpect(content().string(containsString("id=\"template-live-preview\"")));
    }

    @Test
    void whenNoLoadCallsTheTemplateThePickerSaysSoAndOffersEveryLoad() throws Exception {
        mvc.perform(get("/configuration/templates/3"))
                .andExpect(content().string(containsString("No load calls my_merge yet")))
                .andExpect(content().string(containsString("load_x")));
    }
}
