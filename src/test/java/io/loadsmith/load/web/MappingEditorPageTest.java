package io.loadsmith.load.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.entity.AttributeJson;
import io.loadsmith.entity.EntityResponse;
import io.loadsmith.entity.EntityService;
import io.loadsmith.entitytype.LoadType;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.environment.EnvironmentService;
import io.loadsmith.generation.GeneratedLoad;
import io.loadsmith.generation.catalog.TemplateLookup;
import io.loadsmith.load.AttributeMapping;
import io.loadsmith.load.EntityMapping;
import io.loadsmith.load.LoadRequest;
import io.loadsmith.load.LoadResponse;
import io.loadsmith.load.LoadService;
import io.loadsmith.problem.FieldProblem;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.web.WebExceptionHandler;

/** The load page's mapping editor: its rows, its actions, and the service's refusals shown at their rows. */
@WebMvcTest(LoadPageController.class)
@org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc(addFilters = false)
@Import({DialectRegistry.class, WebExceptionHandler.class, io.loadsmith.load.Generation.class, io.loadsmith.generation.StoreChanges.class, LoadPreviews.class, LoadEditorModel.class, MappingActions.class,
        io.loadsmith.entity.web.PackageNames.class})
class MappingEditorPageTest {

    static final Instant AT = Instant.parse("2026-01-01T00:00:00Z");

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
    @MockitoBean
    io.loadsmith.load.LoadModelAssembler assembler;
    @MockitoBean
    io.loadsmith.generation.LoadSqlGenerator generator;
    @MockitoBean
    io.loadsmith.load.DraftTemplatePreview drafts;
    @MockitoBean
    PackageCommits commits;
    @MockitoBean
    EntityService entities;
    @MockitoBean
    EnvironmentService environments;
    @MockitoBean
    TemplateLookup templates;

    static EntityResponse entity(long id, String schema, String name, String... attributes) {
        return new EntityResponse(id, 0, name, name, schema, schema + "." + name, "HUB", PhysicalType.TABLE, null, null,
                null, java.util.Arrays.stream(attributes).map(a -> new AttributeJson(a, "VARCHAR", 20, null, null,
                        true, null, null)).toList(), AT, AT);
    }

    static LoadResponse load(List<EntityMapping> mappings) {
        return new LoadResponse(5, 3, "load_h_customer", "rdv.H_CUSTOMER", null, LoadType.TRANSFORM_PERSIST, null,
                List.of(), List.of(), new TreeMap<>(), AT, AT, mappings);
    }

    @Autowired
    io.loadsmith.generation.StoreChanges storeChanges;

    @BeforeEach
    void stubs() {
        // Each test stubs its own generator: to the front door's preview cache that is a changed store.
        storeChanges.changed();
        when(entities.list(null)).thenReturn(List.of(
                entity(1, "rdv", "H_CUSTOMER", "hk_customer", "customer_no", "name", "load_dts"),
                entity(2, "staging", "STG_CUSTOMER", "CUSTOMER_NO", "NAME", "country")));
        when(loads.get(5)).thenReturn(load(List.of(new EntityMapping("staging.STG_CUSTOMER", "SOURCE", null,
                List.of(new AttributeMapping("customer_no", List.of("CUSTOMER_NO"), null, null))))));
        when(loads.transformationTypes()).thenReturn(new TreeMap<>(Map.of("HASH_KEY", "hash of the inputs", "CUSTOM", "")));
        when(environments.list(null)).thenReturn(List.of());
        // The saved load renders SELECT 1, a form SELECT 2 (the front door is real, its reads and render stubbed).
        io.loadsmith.generation.model.LoadModel stored = new io.loadsmith.generation.model.LoadModel("stored", null,
                List.of(), List.of(), Map.of());
        io.loadsmith.generation.model.LoadModel draft = new io.loadsmith.generation.model.LoadModel("draft", null,
                List.of(), List.of(), Map.of());
        when(assembler.assemble(anyLong())).thenReturn(stored);
        when(assembler.assemble(any(io.loadsmith.load.LoadRequest.class))).thenReturn(draft);
        when(generator.generate(eq(stored), any(), any(), any())).thenReturn(new GeneratedLoad("load_h_customer", "snowflake", List.of(), "SELECT 1"));
        when(generator.generate(eq(draft), any(), any(), any())).thenReturn(new GeneratedLoad("load_h_customer", "snowflake", List.of(), "SELECT 2"));
    }

    /** The editor as the page draws it for the stored load: rows 0..3 are hk_customer, customer_no, name, load_dts. */
    static MockHttpServletRequestBuilder form(String action) {
        return form(action, "staging.STG_CUSTOMER");
    }

    static MockHttpServletRequestBuilder form(String action, String source) {
        return post("/loads/5").param("action", action).param("version", "3").param("name", "load_h_customer")
                .param("target", "rdv.H_CUSTOMER").param("loadType", "TRANSFORM_PERSIST")
                .param("mapping.edited", "true")
                .param("mapping.mappings[0].source", source).param("mapping.mappings[0].mappingType", "SOURCE")
                .param("mapping.rows[0].target", "hk_customer").param("mapping.rows[1].target", "customer_no")
                .param("mapping.rows[2].target", "name").param("mapping.rows[3].target", "load_dts");
    }

    static String row(String html, int index) {
        int start = html.indexOf("id=\"mapping-row-" + index + "\"");
        assertThat(start).as("row %s", index).isPositive();
        return html.substring(start, html.indexOf("</tr>", start));
    }

    @Test
    void thePageHasARowPerTargetAttributeWithTheStoredMapping() throws Exception {
        String html = mvc.perform(get("/loads/5")).andExpect(status().isOk()).andReturn().getResponse().getContentAsString();
        assertThat(row(html, 0)).contains("hk_customer").contains("value=\"\"");
        assertThat(row(html, 1)).contains("customer_no").contains("value=\"CUSTOMER_NO\"");
        assertThat(row(html, 3)).contains("load_dts");
        assertThat(html).contains("<option value=\"staging.STG_CUSTOMER\" selected=\"selected\">staging.STG_CUSTOMER</option>")
                .contains("<option value=\"HASH_KEY\" data-description=\"hash of the inputs\">HASH_KEY</option>").contains("id=\"map-by-name\"")
                .contains("<datalist id=\"mapping-attributes-0\">").contains("<option value=\"country\">");
    }

    @Test
    void mapByNameFillsTheUnmappedRowsOfTheSameNameAndStoresNothing() throws Exception {
        String html = mvc.perform(form("map-by-name").param("mapping.rows[1].sources", "CUSTOMER_NO")
                        .param("mapping.rows[0].sources", "country").param("mapping.rows[0].transformationType", "HASH_KEY"))
                .andExpect(status().isOk()).andReturn().getResponse().getContentAsString();
        assertThat(row(html, 0)).contains("value=\"country\"");
        assertThat(row(html, 2)).contains("value=\"NAME\"");
        assertThat(row(html, 3)).contains("name=\"mapping.rows[3].sources\" value=\"\"");
        assertThat(html).contains("Mapped 1 target attribute by name.")
                .contains("rdv.H_CUSTOMER has no attribute named country VARCHAR(20).").contains("id=\"add-targets\"");
        verify(loads, never()).update(anyLong(), any());
    }

    @Test
    void mapAllIntoFeedsTheChosenTargetWithThePayload() throws Exception {
        String html = mvc.perform(form("map-into").param("mapping.into", "hk_customer")
                        .param("mapping.rows[1].sources", "CUSTOMER_NO").param("mapping.rows[2].sources", "NAME"))
                .andExpect(status().isOk()).andReturn().getResponse().getContentAsString();
        assertThat(row(html, 0)).contains("value=\"CUSTOMER_NO, NAME\"");
    }

    @Test
    void saveSendsTheRowsAsMappingsThroughTheLoadService() throws Exception {
        when(loads.update(eq(5L), any())).thenReturn(load(List.of()));
        mvc.perform(form("save").param("mapping.rows[0].sources", "CUSTOMER_NO, country")
                        .param("mapping.rows[0].transformationType", "HASH_KEY")
                        .param("mapping.rows[1].sources", "CUSTOMER_NO")
                        .param("mapping.rows[3].transformationType", "CUSTOM").param("mapping.rows[3].formula", "current_timestamp")
                        .param("mapping.rows[2].formula", "left over from CUSTOM"))
                .andExpect(status().is3xxRedirection());
        ArgumentCaptor<LoadRequest> sent = ArgumentCaptor.forClass(LoadRequest.class);
        verify(loads).update(eq(5L), sent.capture());
        assertThat(sent.getValue().mappings()).containsExactly(new EntityMapping("staging.STG_CUSTOMER", "SOURCE", null, List.of(
                new AttributeMapping("hk_customer", List.of("CUSTOMER_NO", "country"), "HASH_KEY", null),
                new AttributeMapping("customer_no", List.of("CUSTOMER_NO"), null, null),
                new AttributeMapping("load_dts", List.of(), "CUSTOM", "current_timestamp"))));
    }

    @Test
    void eachRefusalShowsAtItsRowAndTheTypedValuesStay() throws Exception {
        // Rows 0 and 1 both name customer_no (a crafted post); row 2 reads another entity's attribute; row 3 an unknown type.
        when(loads.update(eq(5L), any())).thenThrow(new InvalidRequestException(List.of(
                new FieldProblem("mappings[0].attributes[1].target", "customer_no",
                        "Load 'load_h_customer', mapping 1 (staging.STG_CUSTOMER), target attribute 'customer_no': is already mapped by mapping 1"),
                new FieldProblem("mappings[0].attributes[2].sources[0]", "hk_customer",
                        "source attribute 'hk_customer' is not an attribute of the mapping's source staging.STG_CUSTOMER"),
                new FieldProblem("mappings[0].attributes[3].transformationType", "HASH_KY",
                        "is not a configured transformation type; known types: CUSTOM, HASH_KEY")), Map.of()));
        String html = mvc.perform(form("save").param("mapping.rows[0].target", "customer_no")
                        .param("mapping.rows[0].sources", "CUSTOMER_NO")
                        .param("mapping.rows[1].sources", "NAME")
                        .param("mapping.rows[2].sources", "hk_customer")
                        .param("mapping.rows[3].sources", "CUSTOMER_NO, NAME").param("mapping.rows[3].transformationType", "HASH_KY"))
                .andExpect(status().isOk()).andReturn().getResponse().getContentAsString();
        assertThat(row(html, 0)).doesNotContain("field-error");
        assertThat(row(html, 1)).contains("is already mapped by mapping 1").contains("value=\"NAME\"").contains("has-error");
        assertThat(row(html, 2)).contains("source attribute &#39;hk_customer&#39; is not an attribute of the mapping&#39;s source")
                .contains("value=\"hk_customer\"");
        assertThat(row(html, 3)).contains("is not a configured transformation type")
                .contains("<option value=\"HASH_KY\" selected=\"selected\">HASH_KY (unknown)</option>")
                .contains("value=\"CUSTOMER_NO, NAME\"");
        assertThat(html).doesNotContain("\"errors\":");
    }

    @Test
    void choosingASourceEntityMapsByNameAndKeepsTheKeyboardOnTheChoice() throws Exception {
        String html = mvc.perform(form("source-0")).andExpect(status().isOk()).andReturn().getResponse().getContentAsString();
        assertThat(row(html, 1)).contains("value=\"CUSTOMER_NO\"");
        assertThat(row(html, 2)).contains("value=\"NAME\"");
        assertThat(html).contains("Mapped 2 target attributes by name.")
                .containsPattern("<select class=\"mapping-source-entity\"[^>]*autofocus=\"autofocus\"[^>]*id=\"mapping.mappings0.source\"");
        verify(loads, never()).update(anyLong(), any());
    }

    @Test
    void addToTheTargetAddsWhatItLacksWithItsDatatypeAndMapsIt() throws Exception {
        String html = mvc.perform(form("add-targets").param("mapping.rows[1].sources", "CUSTOMER_NO"))
                .andExpect(status().isOk()).andReturn().getResponse().getContentAsString();
        ArgumentCaptor<io.loadsmith.entity.EntityRequest> sent = ArgumentCaptor.forClass(io.loadsmith.entity.EntityRequest.class);
        verify(entities).update(eq(1L), sent.capture());
        assertThat(sent.getValue().attributes()).extracting(AttributeJson::name)
                .containsExactly("hk_customer", "customer_no", "name", "load_dts", "country");
        assertThat(sent.getValue().attributes().get(4)).isEqualTo(new AttributeJson("country", "VARCHAR", 20, null, null, true, null, null));
        assertThat(sent.getValue().version()).isZero();
        // The new row, mapped; the others as typed (name by name too); nothing of the load stored.
        assertThat(row(html, 4)).contains("country").contains("value=\"country\"");
        assertThat(row(html, 2)).contains("value=\"NAME\"");
        assertThat(html).contains("Added country VARCHAR(20) to rdv.H_CUSTOMER. Mapped 2 target attributes by name.")
                .doesNotContain("id=\"add-targets\"");
        verify(loads, never()).update(anyLong(), any());
    }

    @Test
    void aRefusedAddToTheTargetSaysWhyInPlaceAndKeepsTheForm() throws Exception {
        when(entities.update(eq(1L), any())).thenThrow(new io.loadsmith.problem.StaleVersionException("Entity rdv.H_CUSTOMER", 0, 1));
        String html = mvc.perform(form("add-targets").param("mapping.rows[1].sources", "CUSTOMER_NO")
                        .param("mapping.rows[0].sources", "CUSTOMER_NO").param("mapping.rows[0].transformationType", "HASH_KEY"))
                .andExpect(status().isOk()).andReturn().getResponse().getContentAsString();
        assertThat(html).contains("Could not add the attributes to rdv.H_CUSTOMER: Entity rdv.H_CUSTOMER was changed by someone else: you sent version 0")
                .contains("id=\"add-targets\"").doesNotContain("\"errors\":").doesNotContain("Exception");
        assertThat(row(html, 0)).contains("value=\"CUSTOMER_NO\"").contains("<option value=\"HASH_KEY\" data-description=\"hash of the inputs\" selected=\"selected\">");
        assertThat(html).doesNotContain("id=\"mapping-row-4\"");
    }

    /** Arrowing through the source entities chooses each in turn: what one of them mapped goes when the next lacks it. */
    @Test
    void anotherSourceEntityKeepsOnlyTheSourceAttributesItHas() throws Exception {
        when(entities.list(null)).thenReturn(List.of(
                entity(1, "rdv", "H_CUSTOMER", "hk_customer", "customer_no", "name", "load_dts"),
                entity(2, "staging", "STG_CUSTOMER", "CUSTOMER_NO", "NAME", "country"),
                entity(3, "staging", "STG_CLIENT", "customer_no", "load_dts")));
        String html = mvc.perform(form("source-0", "staging.STG_CLIENT")
                        .param("mapping.rows[0].sources", "CUSTOMER_NO, country").param("mapping.rows[0].transformationType", "HASH_KEY")
                        .param("mapping.rows[1].sources", "CUSTOMER_NO").param("mapping.rows[2].sources", "NAME"))
                .andExpect(status().isOk()).andReturn().getResponse().getContentAsString();
        assertThat(row(html, 0)).contains("name=\"mapping.rows[0].sources\" value=\"CUSTOMER_NO\"")
                .contains("<option value=\"HASH_KEY\" data-description=\"hash of the inputs\" selected=\"selected\">");
        assertThat(row(html, 1)).contains("value=\"CUSTOMER_NO\"");
        assertThat(row(html, 2)).contains("name=\"mapping.rows[2].sources\" value=\"\"");
        assertThat(row(html, 3)).contains("value=\"load_dts\"");
        assertThat(html).contains("Mapped 1 target attribute by name.");
    }

    static MappingEditor shownEditor(org.springframework.test.web.servlet.MvcResult result) {
        return ((LoadForm) result.getModelAndView().getModel().get("form")).mapping();
    }

    /** A row the browser skipped (rows 0, 1 and 3 sent) is an empty row in its place: row 3 stays row 3. */
    @Test
    void aSkippedMappingRowIsAnEmptyRowInItsPlace() throws Exception {
        java.util.function.Function<String, MockHttpServletRequestBuilder> gap = action -> post("/loads/5")
                .param("action", action).param("version", "3").param("name", "load_h_customer").param("target", "rdv.H_CUSTOMER")
                .param("mapping.edited", "true").param("mapping.mappings[0].source", "staging.STG_CUSTOMER")
                .param("mapping.rows[0].target", "hk_customer").param("mapping.rows[1].target", "customer_no")
                .param("mapping.rows[1].sources", "CUSTOMER_NO")
                .param("mapping.rows[3].target", "load_dts").param("mapping.rows[3].transformationType", "CUSTOM")
                .param("mapping.rows[3].formula", "now()");
        MappingEditor shown = shownEditor(mvc.perform(gap.apply("add-mapping")).andReturn());
        assertThat(shown.rows()).extracting(MappingEditor.Row::target).containsExactly("hk_customer", "customer_no", null, "load_dts");
        assertThat(shown.rows().get(3)).isEqualTo(new MappingEditor.Row("load_dts", null, null, null, null, "CUSTOM", "now()"));
        assertThat(shown.mappings()).containsExactly(new MappingEditor.Source("staging.STG_CUSTOMER", "SOURCE", null),
                new MappingEditor.Source(null, "SOURCE", null));

        when(loads.update(eq(5L), any())).thenReturn(load(List.of()));
        mvc.perform(gap.apply("save")).andExpect(status().is3xxRedirection());
        ArgumentCaptor<LoadRequest> sent = ArgumentCaptor.forClass(LoadRequest.class);
        verify(loads).update(eq(5L), sent.capture());
        assertThat(sent.getValue().mappings()).containsExactly(new EntityMapping("staging.STG_CUSTOMER", "SOURCE", null, List.of(
                new AttributeMapping("customer_no", List.of("CUSTOMER_NO"), null, null),
                new AttributeMapping("load_dts", List.of(), "CUSTOM", "now()"))));
    }

    /** A row's mapping is kept as the text sent: not a number, or no source entity's position, is said at that row's field. */
    @Test
    void aRowsMappingThatIsNoPositionIsRefusedAtItsFieldAsTyped() throws Exception {
        String html = mvc.perform(form("save")
                        .param("mapping.rows[1].sources", "CUSTOMER_NO").param("mapping.rows[1].mapping", "1x")
                        .param("mapping.rows[2].sources", "NAME").param("mapping.rows[2].mapping", "4"))
                .andExpect(status().isOk()).andReturn().getResponse().getContentAsString();
        assertThat(html).contains("&#39;1x&#39; is not a valid value here (a whole number is expected)",
                        "&#39;4&#39; is not the position of a source entity (0 to 0)")
                .doesNotContain("Exception");
        assertThat(row(html, 1)).contains("value=\"CUSTOMER_NO\"");
        verify(loads, never()).update(anyLong(), any());
    }

    /** Adding and removing a source entity keeps every other row as typed; the rows of the removed one are unmapped. */
    @Test
    void addAndRemoveOfASourceEntityKeepTheOtherRowsValues() throws Exception {
        var two = form("remove-mapping-0").param("mapping.mappings[1].source", "staging.STG_CUSTOMER")
                .param("mapping.mappings[1].mappingType", "REFERENCE").param("mapping.mappings[1].name", "ref")
                .param("mapping.rows[0].sources", "CUSTOMER_NO").param("mapping.rows[0].transformationType", "HASH_KEY")
                .param("mapping.rows[0].mapping", "1")
                .param("mapping.rows[1].sources", "CUSTOMER_NO").param("mapping.rows[1].mapping", "0")
                .param("mapping.rows[3].transformationType", "CUSTOM").param("mapping.rows[3].formula", "now()")
                .param("mapping.rows[3].mapping", "1");
        MappingEditor removed = shownEditor(mvc.perform(two).andReturn());
        assertThat(removed.mappings()).containsExactly(new MappingEditor.Source("staging.STG_CUSTOMER", "REFERENCE", "ref"));
        assertThat(removed.rows()).containsExactly(
                new MappingEditor.Row("hk_customer", null, null, "0", "CUSTOMER_NO", "HASH_KEY", null),
                new MappingEditor.Row("customer_no", null, null, null, null, null, null),
                new MappingEditor.Row("name", null, null, null, null, null, null),
                new MappingEditor.Row("load_dts", null, null, "0", null, "CUSTOM", "now()"));
        MappingEditor added = shownEditor(mvc.perform(form("add-mapping").param("mapping.rows[1].sources", "NAME")).andReturn());
        assertThat(added.mappings()).hasSize(2);
        assertThat(added.rows().get(1)).isEqualTo(new MappingEditor.Row("customer_no", null, null, null, "NAME", null, null));
        assertThat(added.edited()).isTrue();
    }
}
