package io.loadsmith.configuration.web;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasSize;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.when;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.model;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrl;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.view;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.dialect.LogicalDatatypes;
import io.loadsmith.entitytype.AttributeTypeService;
import io.loadsmith.entitytype.DatatypeMappingService;
import io.loadsmith.entitytype.DefaultAttributeService;
import io.loadsmith.entitytype.EntityTypeService;
import io.loadsmith.entitytype.LoadType;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.entitytype.AttributeTypeResponse;
import io.loadsmith.entitytype.DatatypeMappingResponse;
import io.loadsmith.entitytype.DefaultAttributeResponse;
import io.loadsmith.entitytype.EntityTypeRequest;
import io.loadsmith.entitytype.EntityTypeResponse;
import io.loadsmith.entitytype.web.AttributeTypePageController;
import io.loadsmith.entitytype.web.DefaultAttributePageController;
import io.loadsmith.entitytype.web.EntityTypePageController;
import io.loadsmith.entitytype.web.EntityTypeSection;
import io.loadsmith.generation.catalog.TemplateDefinition;
import io.loadsmith.generation.catalog.TemplateKind;
import io.loadsmith.generation.catalog.TemplateLookup;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.template.TransformationTypeService;
import io.loadsmith.template.TransformationTypeResponse;
import io.loadsmith.template.web.TransformationForms.TransformationEditForm;
import io.loadsmith.template.web.TransformationTypePageController;
import io.loadsmith.template.web.TransformationTypeSection;
import io.loadsmith.web.WebExceptionHandler;

// The overview with every feature's section and form controller, as the application assembles it.
@WebMvcTest({ConfigurationPageController.class, AttributeTypePageController.class, EntityTypePageController.class,
        DefaultAttributePageController.class, TransformationTypePageController.class})
// Slices test the controllers; who may call them is the security tests' subject.
@AutoConfigureMockMvc(addFilters = false)
@Import({ConfigurationOverview.class, EntityTypeSection.class, TransformationTypeSection.class, DialectRegistry.class,
        LogicalDatatypes.class, WebExceptionHandler.class})
class ConfigurationPageControllerTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    EntityTypeService entityTypes;

    @MockitoBean
    AttributeTypeService attributeTypes;

    @MockitoBean
    DefaultAttributeService defaultAttributes;

    @MockitoBean
    DatatypeMappingService mappings;

    @MockitoBean
    TransformationTypeService transformations;

    @MockitoBean
    TemplateLookup templates;

    @BeforeEach
    void stubs() {
        when(entityTypes.list(null)).thenReturn(List.of(new EntityTypeResponse(1, 0, "DIM_SCD2", null, "D_", "_SCD2",
                "publish", PhysicalType.TABLE, null,
                List.of(new EntityTypeRequest.DefaultAttributeRef("SCD_ID", null)),
                List.of(new EntityTypeRequest.LoadTypeJson(PhysicalType.TABLE, LoadType.TRANSFORM_PERSIST)))));
        when(defaultAttributes.list(null)).thenReturn(List.of(new DefaultAttributeResponse(1, 0, "SCD_ID",
                "<entity_logical_name>_scd_id", "CHAR", 32, null, null, true, "SCD_ID", null)));
        EntityTypeResponse dimScd2 = entityTypes.list(null).get(0);
        when(entityTypes.get(1)).thenReturn(dimScd2);
        when(attributeTypes.list(null)).thenReturn(List.of(new AttributeTypeResponse(1, 0, "SCD_ID", null, null)));
        when(mappings.list(null)).thenReturn(List.of(new DatatypeMappingResponse(1, 0, "snowflake", "TEXT", "VARCHAR")));
        when(transformations.list(null)).thenReturn(List.of(new TransformationTypeResponse(1, 0, "MY_HASH", null,
                new TreeMap<>(Map.of("default", "MD5(x)")))));
        when(templates.formulas()).thenReturn(List.of(new TemplateDefinition(TemplateKind.FORMULA, "HASH_KEY", null,
                List.of(), Map.of("default", "MD5(${x})"), "library")));
    }

    @Test
    void overviewShowsEveryPartOfTheConfiguration() throws Exception {
        mvc.perform(get("/configuration"))
                .andExpect(status().isOk())
                .andExpect(view().name("configuration/index"))
                .andExpect(model().attribute("entityTypes", hasSize(1)))
                .andExpect(model().attribute("transformations", hasSize(2)))
                .andExpect(model().attributeExists("attributeTypes", "defaultAttributes", "mappings"))
                .andExpect(content().string(containsString("&lt;entity_logical_name&gt;_scd_id")))
                .andExpect(content().string(containsString("CHAR(32)")))
                .andExpect(content().string(containsString("TABLE → TRANSFORM_PERSIST")))
                .andExpect(content().string(containsString("MD5(x)")));
    }

    @Test
    void addAttributeTypeRedirects() throws Exception {
        when(attributeTypes.create(any())).thenReturn(new AttributeTypeResponse(2, 0, "BUSINESS_KEY", null, null));
        mvc.perform(post("/configuration/attribute-types").param("name", "BUSINESS_KEY"))
                .andExpect(redirectedUrl("/configuration?saved#attributeType"));
        mvc.perform(post("/configuration/attribute-types").param("name", "BUSINESS_KEY").header("HX-Request", "true"))
                .andExpect(header().string("HX-Redirect", "/configuration?saved#attributeType"));
    }

    @Test
    void addEntityTypeSendsDefaultAttributesInOrder() throws Exception {
        when(entityTypes.create(any())).thenReturn(null);
        mvc.perform(post("/configuration/entity-types").param("name", "DIM_SCD1").param("namePrefix", "D_")
                        .param("defaultSchema", "publish").param("defaultPhysicalType", "TABLE")
                        .param("defaultAttributes", "SCD_ID, DV_HASHKEY:HASH_KEY").param("loadTypes", "TABLE=TRANSFORM_PERSIST"))
                .andExpect(redirectedUrl("/configuration?saved#entityType"));
        var sent = org.mockito.ArgumentCaptor.forClass(EntityTypeRequest.class);
        org.mockito.Mockito.verify(entityTypes).create(sent.capture());
        org.assertj.core.api.Assertions.assertThat(sent.getValue().defaultAttributes())
                .containsExactly(new EntityTypeRequest.DefaultAttributeRef("SCD_ID", null),
                        new EntityTypeRequest.DefaultAttributeRef("DV_HASHKEY", "HASH_KEY"));
        org.assertj.core.api.Assertions.assertThat(sent.getValue().loadTypes())
                .containsExactly(new EntityTypeRequest.LoadTypeJson(PhysicalType.TABLE, LoadType.TRANSFORM_PERSIST));
    }

    @Test
    void entityTypeEditPageRoundTripsTheTypeAndKeepsInputOnAStaleSave() throws Exception {
        mvc.perform(get("/configuration/entity-types/1"))
                .andExpect(status().isOk())
                .andExpect(view().name("configuration/entity-type"))
                .andExpect(content().string(containsString("value=\"SCD_ID\"")))
                .andExpect(content().string(containsString("value=\"TABLE=TRANSFORM_PERSIST\"")));
        when(entityTypes.update(org.mockito.ArgumentMatchers.eq(1L), any())).thenThrow(
                new io.loadsmith.problem.StaleVersionException("Entity type 'DIM_SCD2'", 0, 1));
        mvc.perform(post("/configuration/entity-types/1").param("version", "0").param("name", "DIM_SCD2")
                        .param("namePrefix", "DIM_").param("loadTypes", "TABLE=TRANSFORM_PERSIST"))
                .andExpect(status().isOk())
                .andExpect(content().string(containsString("was changed by someone else")))
                .andExpect(content().string(containsString("value=\"DIM_\"")));
        mvc.perform(post("/configuration/entity-types/1").param("version", "1").param("name", "DIM_SCD2")
                        .param("loadTypes", "TABEL=TRANSFORM_PERSIST"))
                .andExpect(status().isOk())
                .andExpect(content().string(containsString("is not PHYSICAL_TYPE=LOAD_TYPE")));
    }

    @Test
    void rejectedDefaultAttributeShowsTheProblemAndKeepsTheInput() throws Exception {
        mvc.perform(post("/configuration/default-attributes").param("code", "MY_CODE").param("nameTemplate", "x_id"))
                .andExpect(status().isOk())
                .andExpect(view().name("configuration/index"))
                .andExpect(content().string(containsString("Datatype: must not be blank")))
                .andExpect(content().string(containsString("value=\"MY_CODE\"")));
        mvc.perform(post("/configuration/default-attributes").param("code", "MY_CODE").param("nameTemplate", "x_id")
                        .param("datatype", "CHAR").param("dataLength", "abc"))
                .andExpect(status().isOk())
                .andExpect(content().string(containsString("a whole number is expected")));
    }

    @Test
    void mappingAndTransformationAreAddedThroughTheirServices() throws Exception {
        mvc.perform(post("/configuration/datatype-mappings").param("dialect", "snowflake").param("logicalDatatype", "TEXT")
                        .param("physicalPattern", "STRING"))
                .andExpect(redirectedUrl("/configuration?saved#mapping"));
        org.mockito.Mockito.verify(mappings).create(new io.loadsmith.entitytype.DatatypeMappingRequest(null,
                "snowflake", "TEXT", "STRING"));
        mvc.perform(post("/configuration/transformation-types").param("name", "MY_HASH").param("dialect", "default")
                        .param("formula", "MD5(x)"))
                .andExpect(redirectedUrl("/configuration?saved#transformation"));
        org.mockito.Mockito.verify(transformations).create(new io.loadsmith.template.TransformationTypeRequest(null,
                "MY_HASH", null, Map.of("default", "MD5(x)")));
    }

    @Test
    void deleteAsksFirstAndAnEntityTypeInUseSaysSo() throws Exception {
        mvc.perform(get("/configuration/entity-types/1/delete").accept(org.springframework.http.MediaType.TEXT_HTML))
                .andExpect(status().isOk())
                .andExpect(view().name("confirm"))
                .andExpect(content().string(containsString("Delete entity type DIM_SCD2?")));
        org.mockito.Mockito.doThrow(new io.loadsmith.problem.ConflictException("Entity type 'DIM_SCD2' is used by entities."))
                .when(entityTypes).delete(1);
        // The overview's own package answers with the HTML error page too, never the API's JSON.
        mvc.perform(post("/configuration/entity-types/1/delete"))
                .andExpect(status().isConflict())
                .andExpect(content().contentTypeCompatibleWith(org.springframework.http.MediaType.TEXT_HTML))
                .andExpect(content().string(containsString("is used by entities.")));
        mvc.perform(get("/configuration/no-such-part/1/delete"))
                .andExpect(status().isNotFound())
                .andExpect(content().contentTypeCompatibleWith(org.springframework.http.MediaType.TEXT_HTML))
                .andExpect(content().string(containsString("There is no configuration part called")));
        mvc.perform(post("/configuration/datatype-mappings/1/delete"))
                .andExpect(redirectedUrl("/configuration?saved"));
        org.mockito.Mockito.verify(mappings).delete(1);
    }

    @Test
    void defaultAttributeEditPageSavesAndShowsProblemsAtTheField() throws Exception {
        when(defaultAttributes.get(1)).thenReturn(new DefaultAttributeResponse(1, 4, "SCD_ID",
                "<entity_logical_name>_scd_id", "CHAR", 32, null, null, true, "SCD_ID", null));
        mvc.perform(get("/configuration/default-attributes/1"))
                .andExpect(status().isOk())
                .andExpect(view().name("configuration/default-attribute"))
                .andExpect(content().string(containsString("value=\"&lt;entity_logical_name&gt;_scd_id\"")))
                .andExpect(content().string(containsString("value=\"32\"")));
        mvc.perform(post("/configuration/default-attributes/1").param("version", "4").param("code", "SCD_ID")
                        .param("nameTemplate", "x_scd_id").param("datatype", "CHAR").param("dataLength", "40")
                        .param("_nullable", "on"))
                .andExpect(redirectedUrl("/configuration?saved#defaultAttribute"));
        org.mockito.Mockito.verify(defaultAttributes).update(1, new io.loadsmith.entitytype.DefaultAttributeRequest(4L,
                "SCD_ID", "x_scd_id", "CHAR", 40, null, null, false, null, null));
        when(defaultAttributes.update(org.mockito.ArgumentMatchers.eq(1L), any())).thenThrow(
                InvalidRequestException.of("attributeType", "NOPE", "is not an attribute type"));
        mvc.perform(post("/configuration/default-attributes/1").param("version", "4").param("code", "SCD_ID")
                        .param("nameTemplate", "x_scd_id").param("datatype", "CHAR").param("attributeType", "NOPE"))
                .andExpect(status().isOk())
                .andExpect(content().string(containsString("is not an attribute type")))
                .andExpect(content().string(containsString("value=\"x_scd_id\"")));
    }

    @Test
    void transformationTypeEditPageKeepsFormulasPerDialect() throws Exception {
        when(transformations.get(1)).thenReturn(new TransformationTypeResponse(1, 2, "MY_HASH", null,
                new TreeMap<>(Map.of("default", "MD5(x)", "snowflake", "SHA1(x)"))));
        mvc.perform(get("/configuration/transformation-types/1"))
                .andExpect(status().isOk())
                .andExpect(view().name("configuration/transformation-type"))
                .andExpect(content().string(containsString("SHA1(x)")));
        mvc.perform(post("/configuration/transformation-types/1").param("action", "add-formula").param("version", "2")
                        .param("name", "MY_HASH").param("formulas[0].dialect", "default").param("formulas[0].text", "MD5(y)"))
                .andExpect(status().isOk())
                .andExpect(model().attribute("transformationEditForm", new TransformationEditForm("2", "MY_HASH", null,
                        List.of(new TransformationEditForm.Formula("default", "MD5(y)"), new TransformationEditForm.Formula(null, null)))));
        // A row removed, and a row the browser skipped (formulas[1]) kept as an empty one rather than dropped.
        mvc.perform(post("/configuration/transformation-types/1").param("action", "remove-formula-0").param("version", "2")
                        .param("name", "MY_HASH").param("formulas[0].dialect", "default").param("formulas[0].text", "MD5(y)")
                        .param("formulas[2].dialect", "snowflake").param("formulas[2].text", "SHA1(y)"))
                .andExpect(status().isOk())
                .andExpect(model().attribute("transformationEditForm", new TransformationEditForm("2", "MY_HASH", null,
                        List.of(new TransformationEditForm.Formula(null, null),
                                new TransformationEditForm.Formula("snowflake", "SHA1(y)")))));
        mvc.perform(post("/configuration/transformation-types/1").param("version", "2").param("name", "MY_HASH")
                        .param("formulas[0].dialect", "default").param("formulas[0].text", "MD5(y)"))
                .andExpect(redirectedUrl("/configuration?saved#transformation"));
        org.mockito.Mockito.verify(transformations).update(1, new io.loadsmith.template.TransformationTypeRequest(2L,
                "MY_HASH", null, Map.of("default", "MD5(y)")));
    }

    @Test
    void rejectedAttributeTypeKeepsTheNameAndSaysWhy() throws Exception {
        when(attributeTypes.create(any())).thenThrow(InvalidRequestException.of("name", "1BAD", "is not a valid identifier"));
        mvc.perform(post("/configuration/attribute-types").param("name", "1BAD"))
                .andExpect(status().isOk())
                .andExpect(view().name("configuration/index"))
                .andExpect(content().string(containsString("is not a valid identifier")))
                .andExpect(content().string(containsString("value=\"1BAD\"")));
    }
}
