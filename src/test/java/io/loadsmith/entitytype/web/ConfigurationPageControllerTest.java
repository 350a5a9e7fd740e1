package io.loadsmith.entitytype.web;

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
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

import io.loadsmith.entitytype.AttributeTypeService;
import io.loadsmith.entitytype.DatatypeMappingService;
import io.loadsmith.entitytype.DefaultAttributeService;
import io.loadsmith.entitytype.EntityTypeService;
import io.loadsmith.entitytype.LoadType;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.entitytype.api.AttributeTypeResponse;
import io.loadsmith.entitytype.api.DatatypeMappingResponse;
import io.loadsmith.entitytype.api.DefaultAttributeResponse;
import io.loadsmith.entitytype.api.EntityTypeRequest;
import io.loadsmith.entitytype.api.EntityTypeResponse;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.template.TemplateDefinition;
import io.loadsmith.template.TemplateKind;
import io.loadsmith.template.TemplateLookup;
import io.loadsmith.template.TransformationTypeService;
import io.loadsmith.template.api.TransformationTypeResponse;

@WebMvcTest(ConfigurationPageController.class)
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
                .andExpect(redirectedUrl("/configuration?saved"));
        mvc.perform(post("/configuration/attribute-types").param("name", "BUSINESS_KEY").header("HX-Request", "true"))
                .andExpect(header().string("HX-Redirect", "/configuration?saved"));
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
