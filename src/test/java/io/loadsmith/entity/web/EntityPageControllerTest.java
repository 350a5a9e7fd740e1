package io.loadsmith.entity.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.model;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrl;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.view;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.dialect.LogicalDatatypes;
import io.loadsmith.entity.AttributeJson;
import io.loadsmith.entity.EntityDdlService;
import io.loadsmith.entity.EntityResponse;
import io.loadsmith.entity.EntityService;
import io.loadsmith.entitytype.AttributeTypeService;
import io.loadsmith.entitytype.EntityTypeService;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.generation.model.GenerationException;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.FieldProblem;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.NotFoundException;
import io.loadsmith.problem.StaleVersionException;
import io.loadsmith.web.WebExceptionHandler;

@WebMvcTest({EntityPageController.class, EntityListPageController.class, EntityDdlPageController.class,
        EntityRemovalPageController.class})
// Slices test the controllers; who may call them is the security tests' subject.
@org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc(addFilters = false)
@Import({DialectRegistry.class, LogicalDatatypes.class, WebExceptionHandler.class, DdlPreview.class, PackageNames.class,
        TypeDefaults.class})
class EntityPageControllerTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    io.loadsmith.packageregistry.MetadataPackageService packages;

    @MockitoBean
    LoadOffers loadOffers;

    @MockitoBean
    EntityService entities;

    @MockitoBean
    RelatedLoads loads;

    @MockitoBean
    EntityTypeService entityTypes;

    @MockitoBean
    AttributeTypeService attributeTypes;

    @MockitoBean
    EntityDdlService ddl;

    @MockitoBean
    io.loadsmith.entitytype.DefaultAttributeService defaultAttributes;

    static EntityResponse vessel() {
        return new EntityResponse(7, 3, "D_VESSEL_SCD2", "VESSEL", "publish", "publish.D_VESSEL_SCD2", "DIM_SCD2",
                PhysicalType.TABLE, null, null, null,
                List.of(new AttributeJson("vessel_scd_id", "CHAR", 32, null, null, true, "SCD_ID", null),
                        new AttributeJson("mmsi_key", "INTEGER8", null, null, null, true, null, null)),
                Instant.parse("2026-01-01T00:00:00Z"), Instant.parse("2026-01-01T00:00:00Z"));
    }

    @BeforeEach
    void stubs() {
        when(entities.get(7)).thenReturn(vessel());
        when(entities.get(99)).thenThrow(NotFoundException.id("Entity", 99));
        when(entities.filter(any(), any(), any(), any())).thenReturn(List.of(vessel()));
        when(ddl.createTable(anyLong(), anyString())).thenReturn("CREATE TABLE publish.D_VESSEL_SCD2 (\n);\n");
    }

    @Test
    void listShowsEntitiesAndFilters() throws Exception {
        mvc.perform(get("/entities").param("name", "VES").param("schema", "publish"))
                .andExpect(status().isOk())
                .andExpect(view().name("entities/list"))
                .andExpect(model().attribute("entities", hasSize(1)))
                .andExpect(model().attributeExists("filter", "types"))
                .andExpect(content().string(containsString("publish.D_VESSEL_SCD2")));
        verify(entities).filter("VES", null, "publish", null);
    }

    @Test
    void listForHtmxIsTheResultsFragment() throws Exception {
        mvc.perform(get("/entities").header("HX-Request", "true"))
                .andExpect(status().isOk())
                .andExpect(view().name("entities/list :: results"))
                .andExpect(content().string(containsString("id=\"entity-results\"")))
                .andExpect(content().string(not(containsString("<html"))));
    }

    @Test
    void newPageOffersTheEntityTypes() throws Exception {
        mvc.perform(get("/entities/new"))
                .andExpect(status().isOk())
                .andExpect(view().name("entities/new"))
                .andExpect(model().attributeExists("form", "types", "errors"));
    }

    @Test
    void choosingATypeShowsItsDefaultAttributesAtOnce() throws Exception {
        when(entityTypes.list(null)).thenReturn(List.of(new io.loadsmith.entitytype.EntityTypeResponse(1, 0,
                "DIM_SCD2", null, "D_", "_SCD2", "publish", PhysicalType.TABLE, null,
                List.of(new io.loadsmith.entitytype.EntityTypeRequest.DefaultAttributeRef("SCD_ID", null)), List.of())));
        when(defaultAttributes.list(null)).thenReturn(List.of(new io.loadsmith.entitytype.DefaultAttributeResponse(
                1, 0, "SCD_ID", "<entity_logical_name>_scd_id", "CHAR", 32, null, null, true, "SCD_ID", null)));
        mvc.perform(get("/entities/new").param("entityType", "DIM_SCD2").header("HX-Request", "true"))
                .andExpect(status().isOk())
                .andExpect(view().name("entities/new :: defaults"))
                .andExpect(model().attribute("typeDefaults", hasSize(1)))
                .andExpect(content().string(containsString("&lt;entity_logical_name&gt;_scd_id")))
                .andExpect(content().string(containsString("CHAR(32)")));
    }

    @Test
    void createRedirectsToTheNewEntity() throws Exception {
        when(entities.create(any())).thenReturn(vessel());
        mvc.perform(post("/entities").param("entityType", "DIM_SCD2").param("logicalName", "VESSEL"))
                .andExpect(status().is3xxRedirection())
                .andExpect(redirectedUrl("/entities/7"));
    }

    @Test
    void aTickedPresetAlsoCreatesTheLoadAndLandsOnIt() throws Exception {
        when(entities.create(any())).thenReturn(vessel());
        when(loadOffers.createLoad("publish.D_VESSEL_SCD2", "load_d_vessel_scd2", "scd2_default", java.util.List.of())).thenReturn(12L);
        mvc.perform(post("/entities").param("entityType", "DIM_SCD2").param("logicalName", "VESSEL")
                        .param("loadPreset", "scd2_default"))
                .andExpect(redirectedUrl("/loads/12"));
    }

    @Test
    void aRefusedLoadLeavesTheNewEntityAndSaysSoOnItsPage() throws Exception {
        when(entities.create(any())).thenReturn(vessel());
        when(loadOffers.createLoad(any(), any(), any(), any())).thenThrow(new io.loadsmith.problem.ConflictException("taken"));
        mvc.perform(post("/entities").param("logicalName", "VESSEL").param("loadPreset", "scd2_default"))
                .andExpect(redirectedUrl("/entities/7?noLoad"));
        mvc.perform(get("/entities/7").param("noLoad", ""))
                .andExpect(content().string(containsString("its load from the preset was refused")));
    }

    @Test
    void theNewEntityFormOffersTheTypesDefaultPresetTicked() throws Exception {
        when(loadOffers.defaultPreset("DIM_SCD2")).thenReturn(java.util.Optional.of("scd2_default"));
        mvc.perform(get("/entities/new").param("entityType", "DIM_SCD2"))
                .andExpect(content().string(containsString("name=\"loadPreset\" value=\"scd2_default\" checked")));
    }

    @Test
    void aRefusedCreateKeepsThePresetBoxAsTheUserLeftIt() throws Exception {
        when(loadOffers.defaultPreset("DIM_SCD2")).thenReturn(java.util.Optional.of("scd2_default"));
        when(entities.create(any())).thenThrow(io.loadsmith.problem.InvalidRequestException.of("logicalName", "1x", "is no name"));
        mvc.perform(post("/entities").param("entityType", "DIM_SCD2").param("logicalName", "1x"))
                .andExpect(status().isOk())
                .andExpect(content().string(containsString("name=\"loadPreset\" value=\"scd2_default\">")));
        mvc.perform(post("/entities").param("entityType", "DIM_SCD2").param("logicalName", "1x").param("loadPreset", "scd2_default"))
                .andExpect(content().string(containsString("name=\"loadPreset\" value=\"scd2_default\" checked")));
    }

    @Test
    void createForHtmxAnswersWithHxRedirect() throws Exception {
        when(entities.create(any())).thenReturn(vessel());
        mvc.perform(post("/entities").header("HX-Request", "true").param("logicalName", "VESSEL"))
                .andExpect(status().isOk())
                .andExpect(header().string("HX-Redirect", "/entities/7"));
    }

    @Test
    void rejectedCreateShowsTheMessageAtTheFieldAndKeepsTheInput() throws Exception {
        when(entities.create(any())).thenThrow(InvalidRequestException.of("logicalName", "1VESSEL",
                "is not a valid identifier"));
        mvc.perform(post("/entities").param("logicalName", "1VESSEL"))
                .andExpect(status().isOk())
                .andExpect(view().name("entities/new"))
                .andExpect(model().attributeExists("errors"))
                .andExpect(content().string(containsString("is not a valid identifier")))
                .andExpect(content().string(containsString("value=\"1VESSEL\"")))
                .andExpect(content().string(containsString("aria-invalid=\"true\"")));
    }

    @Test
    void tooManyAttributesWithTheTypesDefaultsIsShownAtTheEntityType() throws Exception {
        when(entities.create(any())).thenThrow(InvalidRequestException.of("attributes", null,
                "would give entity publish.D_BIGP_SCD2 1,006 attributes with its type's 6 default attributes;"
                        + " an entity has at most 1,000"));
        mvc.perform(post("/entities").param("entityType", "DIM_SCD2").param("logicalName", "BIGP"))
                .andExpect(status().isOk())
                .andExpect(view().name("entities/new"))
                .andExpect(content().string(containsString("<small class=\"field-error\" id=\"attributes-error\">"
                        + "would give entity publish.D_BIGP_SCD2 1,006 attributes with its type&#39;s 6 default"
                        + " attributes; an entity has at most 1,000</small>")));
    }

    @Test
    void tooManyAttributesOnSaveIsShownAtTheAttributeGrid() throws Exception {
        when(entities.update(eq(7L), any())).thenThrow(InvalidRequestException.of("attributes", null,
                "must have at most 1000 entries"));
        mvc.perform(post("/entities/7").param("version", "3").param("logicalName", "VESSEL")
                        .param("attributes[0].name", "vessel_scd_id").param("attributes[0].datatype", "CHAR"))
                .andExpect(status().isOk())
                .andExpect(content().string(containsString(
                        "<p class=\"field-error\" id=\"attributes-error\">must have at most 1000 entries</p>")));
    }

    @Test
    void entityPageShowsPropertiesAttributesAndDdl() throws Exception {
        mvc.perform(get("/entities/7"))
                .andExpect(status().isOk())
                .andExpect(view().name("entities/detail"))
                .andExpect(model().attributeExists("form", "entity", "datatypes", "attributeTypes", "dialects", "ddl"))
                .andExpect(content().string(containsString("value=\"vessel_scd_id\"")))
                .andExpect(content().string(containsString("CREATE TABLE publish.D_VESSEL_SCD2")));
    }

    @Test
    void addAttributeShowsTheFormWithOneMoreRowUnsaved() throws Exception {
        mvc.perform(post("/entities/7").header("HX-Request", "true").param("action", "add")
                        .param("version", "3").param("logicalName", "VESSEL")
                        .param("attributes[0].name", "vessel_scd_id").param("attributes[0].datatype", "CHAR"))
                .andExpect(status().isOk())
                .andExpect(view().name("entities/detail :: editor"))
                .andExpect(result -> assertThat(((EntityForm) result.getModelAndView().getModel().get("form")).attributes()).hasSize(2))
                .andExpect(content().string(containsString("not saved yet")))
                // The new row's name has the focus, the first row's not.
                .andExpect(content().string(containsString("aria-label=\"Name of attribute 2\" autofocus=\"autofocus\"")))
                .andExpect(content().string(org.hamcrest.Matchers.not(containsString(
                        "aria-label=\"Name of attribute 1\" autofocus"))));
    }

    @Test
    void moveUpSwapsRows() {
        EntityForm.AttributeRow a = new EntityForm.AttributeRow("a", null, null, null, null, true, null, null, null, false);
        EntityForm.AttributeRow b = new EntityForm.AttributeRow("b", null, null, null, null, true, null, null, null, false);
        List<EntityForm.AttributeRow> rows = EntityPageController.rearranged(new java.util.ArrayList<>(List.of(a, b)), "up-1");
        org.assertj.core.api.Assertions.assertThat(rows).extracting(EntityForm.AttributeRow::name).containsExactly("b", "a");
        rows = EntityPageController.rearranged(rows, "remove-0");
        org.assertj.core.api.Assertions.assertThat(rows).extracting(EntityForm.AttributeRow::name).containsExactly("a");
    }

    /**
     * The form is a record bound through its constructor: an unticked checkbox arrives only as its
     * hidden marker ({@code _name}) and must be false, a ticked one true, and a row that sends neither
     * (an API-style post) keeps the default, nullable.
     */
    @Test
    void checkboxesBindTickedUntickedAndAbsent() throws Exception {
        when(entities.update(eq(7L), any())).thenReturn(vessel());
        mvc.perform(post("/entities/7").param("action", "save").param("version", "3").param("logicalName", "VESSEL")
                        .param("_caseSensitive", "on")
                        .param("attributes[0].name", "a").param("attributes[0].datatype", "CHAR")
                        .param("_attributes[0].nullable", "on")
                        .param("attributes[0].caseSensitive", "true").param("_attributes[0].caseSensitive", "on")
                        .param("attributes[1].name", "b").param("attributes[1].datatype", "CHAR")
                        .param("attributes[1].nullable", "true").param("_attributes[1].nullable", "on")
                        .param("attributes[2].name", "c").param("attributes[2].datatype", "CHAR"))
                .andExpect(status().is3xxRedirection());
        org.mockito.ArgumentCaptor<io.loadsmith.entity.EntityRequest> saved =
                org.mockito.ArgumentCaptor.forClass(io.loadsmith.entity.EntityRequest.class);
        verify(entities).update(eq(7L), saved.capture());
        assertThat(saved.getValue().caseSensitive()).isFalse();
        assertThat(saved.getValue().attributes()).extracting(AttributeJson::name, AttributeJson::nullable,
                        AttributeJson::caseSensitive)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("a", false, true),
                        org.assertj.core.groups.Tuple.tuple("b", true, false),
                        org.assertj.core.groups.Tuple.tuple("c", true, false));
    }

    /** A row the browser skipped (attributes[0] and [2] sent) is an empty row in its place, named on save, not a failed page. */
    @Test
    void aSkippedRowIsAnEmptyRowTheSaveNames() throws Exception {
        mvc.perform(post("/entities/7").param("action", "save").param("version", "3").param("logicalName", "VESSEL")
                        .param("attributes[0].name", "a").param("attributes[0].datatype", "CHAR")
                        .param("attributes[2].name", "c").param("attributes[2].datatype", "CHAR"))
                .andExpect(status().isOk())
                .andExpect(result -> assertThat(((EntityForm) result.getModelAndView().getModel().get("form")).attributes())
                        .extracting(EntityForm.AttributeRow::name).containsExactly("a", null, "c"))
                .andExpect(content().string(containsString("aria-label=\"Name of attribute 2\" aria-invalid=\"true\"")));
        verify(entities, org.mockito.Mockito.never()).update(anyLong(), any());
    }

    /** A choice no select offers and a number with a typo are both named at their fields, as typed; nothing is saved. */
    @Test
    void aForgedChoiceAndATypoAreRefusedTogetherAtTheirFields() throws Exception {
        mvc.perform(post("/entities/7").param("action", "save").param("version", "3").param("logicalName", "VESSEL")
                        .param("physicalType", "BOGUS")
                        .param("attributes[0].name", "x").param("attributes[0].datatype", "CHAR")
                        .param("attributes[0].dataLength", "12x"))
                .andExpect(status().isOk())
                .andExpect(content().string(containsString("is not one of [TABLE, VIEW")))
                .andExpect(content().string(containsString("a whole number is expected")))
                .andExpect(content().string(containsString("value=\"12x\"")));
        verify(entities, org.mockito.Mockito.never()).update(anyLong(), any());
    }

    @Test
    void saveRedirectsWithoutJavaScript() throws Exception {
        when(entities.update(eq(7L), any())).thenReturn(vessel());
        mvc.perform(post("/entities/7").param("action", "save").param("version", "3").param("logicalName", "VESSEL")
                        .param("attributes[0].name", "vessel_scd_id").param("attributes[0].datatype", "CHAR"))
                .andExpect(status().is3xxRedirection())
                .andExpect(redirectedUrl("/entities/7?saved"));
    }

    @Test
    void saveForHtmxAnswersWithTheEditorSaying_Saved() throws Exception {
        when(entities.update(eq(7L), any())).thenReturn(vessel());
        mvc.perform(post("/entities/7").header("HX-Request", "true").param("version", "3").param("logicalName", "VESSEL"))
                .andExpect(status().isOk())
                .andExpect(view().name("entities/detail :: editor"))
                .andExpect(content().string(containsString("Saved.")));
    }

    @Test
    void rejectedSaveShowsTheMessageAtTheAttributeAndKeepsWhatWasTyped() throws Exception {
        when(entities.update(eq(7L), any())).thenThrow(new InvalidRequestException(List.of(
                new FieldProblem("attributes[1].datatype", "VARCHR", "is not a logical datatype")), java.util.Map.of()));
        mvc.perform(post("/entities/7").param("version", "3").param("logicalName", "VESSEL")
                        .param("attributes[0].name", "vessel_scd_id").param("attributes[0].datatype", "CHAR")
                        .param("attributes[1].name", "my_new_column").param("attributes[1].datatype", "VARCHR"))
                .andExpect(status().isOk())
                .andExpect(view().name("entities/detail"))
                .andExpect(content().string(containsString("is not a logical datatype")))
                .andExpect(content().string(containsString("value=\"my_new_column\"")))
                .andExpect(content().string(containsString("has-error")));
    }

    /** A new attribute saved without a datatype: the message stands under its Datatype, which is marked. */
    @Test
    void aDatatypeProblemStandsAtTheDatatypeCellNotUnderTheName() throws Exception {
        when(entities.update(eq(7L), any())).thenThrow(new InvalidRequestException(List.of(
                new FieldProblem("attributes[1].datatype", null, "must not be blank")), java.util.Map.of()));
        String html = mvc.perform(post("/entities/7").header("HX-Request", "true").param("version", "3").param("logicalName", "VESSEL")
                        .param("attributes[0].name", "vessel_scd_id").param("attributes[0].datatype", "CHAR")
                        .param("attributes[1].name", "foo").param("attributes[1].datatype", ""))
                .andExpect(status().isOk())
                .andReturn().getResponse().getContentAsString(java.nio.charset.StandardCharsets.UTF_8);
        org.jsoup.nodes.Element row = org.jsoup.Jsoup.parse(html).selectFirst("tr[data-row=1]");
        org.jsoup.nodes.Element datatype = row.selectFirst("select.attr-datatype");
        assertThat(datatype.attr("aria-invalid")).isEqualTo("true");
        assertThat(datatype.parent().select(".field-error").text()).isEqualTo("must not be blank");
        assertThat(datatype.attr("aria-describedby")).isEqualTo(datatype.parent().selectFirst(".field-error").id());
        org.jsoup.nodes.Element name = row.selectFirst("input.attr-name");
        assertThat(name.hasAttr("aria-invalid")).isFalse();
        assertThat(name.parent().select(".field-error")).isEmpty();
        assertThat(row.hasClass("has-error")).isTrue();
    }

    /** A problem of a field that has no cell of its own (renamedFrom) still shows in the row, under the name. */
    @Test
    void aProblemOfAFieldWithoutACellStandsUnderTheName() throws Exception {
        when(entities.update(eq(7L), any())).thenThrow(new InvalidRequestException(List.of(
                new FieldProblem("attributes[0].renamedFrom", "x", "names no attribute")), java.util.Map.of()));
        String html = mvc.perform(post("/entities/7").header("HX-Request", "true").param("version", "3").param("logicalName", "VESSEL")
                        .param("attributes[0].name", "foo").param("attributes[0].datatype", "CHAR"))
                .andReturn().getResponse().getContentAsString(java.nio.charset.StandardCharsets.UTF_8);
        org.jsoup.nodes.Element name = org.jsoup.Jsoup.parse(html).selectFirst("tr[data-row=0] input.attr-name");
        assertThat(name.closest("td").select(".field-error").text()).isEqualTo("'x' names no attribute");
    }

    @Test
    void textInANumberFieldIsAFieldMessageNotAnError() throws Exception {
        mvc.perform(post("/entities/7").param("version", "3").param("logicalName", "VESSEL")
                        .param("attributes[0].name", "x").param("attributes[0].datatype", "CHAR")
                        .param("attributes[0].dataLength", "abc"))
                .andExpect(status().isOk())
                .andExpect(content().string(containsString("a whole number is expected")));
    }

    @Test
    void staleSaveShowsTheConflictAndKeepsTheText() throws Exception {
        when(entities.update(eq(7L), any())).thenThrow(new StaleVersionException("Entity publish.D_VESSEL_SCD2", 2, 3));
        mvc.perform(post("/entities/7").param("version", "2").param("logicalName", "VESSEL")
                        .param("description", "my careful words"))
                .andExpect(status().isOk())
                .andExpect(content().string(containsString("was changed by someone else")))
                .andExpect(content().string(containsString("my careful words")));
    }

    @Test
    void ddlFragmentForAnotherDialect() throws Exception {
        mvc.perform(get("/entities/7/ddl").param("dialect", "postgresql").header("HX-Request", "true"))
                .andExpect(status().isOk())
                .andExpect(view().name("entities/detail :: ddl"))
                .andExpect(model().attribute("ddl", new DdlPreview.DdlView("postgresql",
                        "CREATE TABLE publish.D_VESSEL_SCD2 (\n);\n", null)));
        verify(ddl).createTable(7, "postgresql");
    }

    @Test
    void ddlFailureIsAMessageInThePane() throws Exception {
        when(ddl.createTable(7, "snowflake")).thenThrow(new GenerationException(
                GenerationException.Location.ofLoad(null), "no mapping for datatype X"));
        mvc.perform(get("/entities/7"))
                .andExpect(status().isOk())
                .andExpect(content().string(containsString("no mapping for datatype X")));
    }

    @Test
    void deleteAsksFirstWithoutJavaScript() throws Exception {
        mvc.perform(get("/entities/7/delete"))
                .andExpect(status().isOk())
                .andExpect(view().name("confirm"))
                .andExpect(content().string(containsString("Delete entity publish.D_VESSEL_SCD2?")))
                .andExpect(model().attribute("undo", "You can restore it from the list of entities."))
                .andExpect(model().attribute("action", "/entities/7/delete"))
                .andExpect(model().attribute("back", "/entities/7"));
    }

    @Test
    void deleteIsSoftAndTheListOffersUndo() throws Exception {
        mvc.perform(post("/entities/7/delete"))
                .andExpect(redirectedUrl("/entities?deleted=7"));
        verify(entities).softDelete(7);
        when(entities.deleted()).thenReturn(List.of(new EntityService.Deleted(7, "publish.D_VESSEL_SCD2",
                Instant.parse("2026-01-03T00:00:00Z"))));
        mvc.perform(get("/entities").param("deleted", "7"))
                .andExpect(status().isOk())
                .andExpect(model().attributeExists("justDeleted"))
                .andExpect(content().string(containsString("Deleted publish.D_VESSEL_SCD2.")))
                .andExpect(content().string(containsString("action=\"/entities/7/restore\"")));
    }

    @Test
    void restoreShowsTheEntityAgain() throws Exception {
        mvc.perform(post("/entities/7/restore"))
                .andExpect(redirectedUrl("/entities/7"));
        verify(entities).restore(7);
    }

    @Test
    void entityInUseCannotBeDeletedAndThePageSaysWhy() throws Exception {
        org.mockito.Mockito.doThrow(new ConflictException("Entity publish.D_VESSEL_SCD2 is used by loads x."))
                .when(entities).softDelete(7);
        mvc.perform(post("/entities/7/delete"))
                .andExpect(status().isConflict())
                .andExpect(view().name("error"))
                .andExpect(content().string(containsString("is used by loads x.")));
    }

    @Test
    void unknownEntityIsAnErrorPageWithoutStackTrace() throws Exception {
        mvc.perform(get("/entities/99"))
                .andExpect(status().isNotFound())
                .andExpect(view().name("error"))
                .andExpect(content().string(containsString("Entity 99 does not exist.")))
                .andExpect(content().string(not(containsString("Exception"))));
    }
}
