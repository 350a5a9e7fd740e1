package io.loadsmith.load.api;

import io.loadsmith.load.LoadResponse;
import io.loadsmith.load.StepJson;
import static org.hamcrest.Matchers.containsString;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.time.Instant;
import java.util.List;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

import io.loadsmith.entitytype.LoadType;
import io.loadsmith.generation.GeneratedLoad;
import io.loadsmith.generation.GenerationOptions;
import io.loadsmith.generation.model.GenerationException;
import io.loadsmith.generation.model.StepType;
import io.loadsmith.load.Generation;
import io.loadsmith.load.GenerationRequest;
import io.loadsmith.load.GenerationResult;
import io.loadsmith.load.LoadService;

@WebMvcTest(LoadController.class)
// Slices test the controllers; who may call them is the security tests' subject.
@org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc(addFilters = false)
class LoadControllerTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    LoadService service;

    @MockitoBean
    Generation generation;

    @Test
    void sqlIsPlainText() throws Exception {
        when(generation.generate(new GenerationRequest.StoredLoad(5, "snowflake", "dev", GenerationOptions.NONE)))
                .thenReturn(new GenerationResult("snowflake", "dev", new GeneratedLoad("load_x", "snowflake", List.of(),
                        "/* 1. s (OVERRIDE - SQL) */\nSELECT 1;\n"), null));
        mvc.perform(get("/api/v1/loads/5/sql").param("dialect", "snowflake").param("environment", "dev"))
                .andExpect(status().isOk())
                .andExpect(content().contentTypeCompatibleWith(MediaType.TEXT_PLAIN))
                .andExpect(content().string("/* 1. s (OVERRIDE - SQL) */\nSELECT 1;\n"));
    }

    @Test
    void generationFailureIsA422WithItsLocation() throws Exception {
        when(generation.generate(new GenerationRequest.StoredLoad(5, "snowflake", null, GenerationOptions.NONE)))
                .thenReturn(GenerationResult.failed("snowflake", null, new GenerationException(
                new GenerationException.Location("load_d_ship", 3, "merge", "scd2 (default variant)", 40, 7),
                "Entity publish.D_SHIP has no attribute of type SCD_ID, which the template needs.")));
        mvc.perform(get("/api/v1/loads/5/sql").param("dialect", "snowflake"))
                .andExpect(status().isUnprocessableContent())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.load").value("load_d_ship"))
                .andExpect(jsonPath("$.stepNumber").value(3))
                .andExpect(jsonPath("$.step").value("merge"))
                .andExpect(jsonPath("$.template").value("scd2 (default variant)"))
                .andExpect(jsonPath("$.line").value(40))
                .andExpect(jsonPath("$.column").value(7))
                .andExpect(jsonPath("$.detail").value(containsString("publish.D_SHIP has no attribute of type SCD_ID")));
    }

    @Test
    void sqlWithoutDialectIsA400() throws Exception {
        mvc.perform(get("/api/v1/loads/5/sql"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.detail").value(containsString("dialect")));
        verifyNoInteractions(service);
    }

    @Test
    void unknownStepTypeIsA400NamingTheStep() throws Exception {
        mvc.perform(post("/api/v1/loads").contentType(MediaType.APPLICATION_JSON).content("""
                        {"name":"l","target":"publish.X","steps":[{"name":"s","type":"MIDDLE","text":"SELECT 1"}]}"""))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.detail").value(containsString("steps[0].type")));
        verifyNoInteractions(service);
    }

    @Test
    void jsonOfTheWrongShapeIsA400SayingWhereAndWhatBelongsThere() throws Exception {
        mvc.perform(post("/api/v1/loads").contentType(MediaType.APPLICATION_JSON).content("[1, 2]"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.detail").value("The request body is JSON, but not of the shape this endpoint takes: the top must be an object with the fields it documents, and no list may hold null."));
        mvc.perform(post("/api/v1/loads").contentType(MediaType.APPLICATION_JSON).content("""
                        {"name":"l","target":"publish.X","steps":[null]}"""))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.detail").value(containsString("no list may hold null")));
        mvc.perform(post("/api/v1/loads").contentType(MediaType.APPLICATION_JSON).content("""
                        {"name":"l","target":"publish.X","steps":"SELECT 1"}"""))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.errors[0].field").value("steps"));
        verifyNoInteractions(service);
    }

    @Test
    void blankStepTextIsA400NamingTheField() throws Exception {
        mvc.perform(post("/api/v1/loads").contentType(MediaType.APPLICATION_JSON).content("""
                        {"name":"l","target":"publish.X","steps":[{"name":"s","type":"PRE","text":" "}]}"""))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.errors[0].field").value("steps[0].text"));
        verifyNoInteractions(service);
    }

    @Test
    void createdLoadIsReturnedWithStepsInOrder() throws Exception {
        when(service.create(any())).thenReturn(new LoadResponse(9, 0, "load_x", "publish.D_X", null, LoadType.TRANSFORM_PERSIST,
                null, List.of(), List.of(new StepJson("a", StepType.PRE, "SELECT 1"),
                new StepJson("b", StepType.OVERRIDE, "<ftltemplate:scd2:temp_table_prefix=Z_>")),
                new TreeMap<>(), Instant.EPOCH, Instant.EPOCH));
        mvc.perform(post("/api/v1/loads").contentType(MediaType.APPLICATION_JSON)
                        .content("{\"name\":\"load_x\",\"target\":\"publish.D_X\"}"))
                .andExpect(status().isCreated())
                .andExpect(jsonPath("$.target").value("publish.D_X"))
                .andExpect(jsonPath("$.steps[0].type").value("PRE"))
                .andExpect(jsonPath("$.steps[1].name").value("b"));
    }
}
