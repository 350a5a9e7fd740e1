package io.loadsmith.entity.api;

import io.loadsmith.entity.EntityResponse;
import io.loadsmith.entity.AttributeJson;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.put;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.http.MediaType;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

import io.loadsmith.entity.EntityService;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.NotFoundException;
import io.loadsmith.problem.StaleVersionException;

@WebMvcTest(EntityController.class)
// Slices test the controllers; who may call them is the security tests' subject.
@org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc(addFilters = false)
class EntityControllerTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    EntityService service;

    @MockitoBean
    io.loadsmith.entity.EntityDdlService ddlService;

    @org.junit.jupiter.api.Test
    void ddlIsPlainTextForTheDialect() throws Exception {
        org.mockito.Mockito.when(ddlService.createTable(7, "duckdb")).thenReturn("CREATE TABLE publish.X (\n    a INTEGER\n);\n");

        mvc.perform(org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get("/api/v1/entities/7/ddl?dialect=duckdb"))
                .andExpect(org.springframework.test.web.servlet.result.MockMvcResultMatchers.status().isOk())
                .andExpect(org.springframework.test.web.servlet.result.MockMvcResultMatchers.content()
                        .string("CREATE TABLE publish.X (\n    a INTEGER\n);\n"));
    }

    static EntityResponse vessel() {
        return new EntityResponse(7, 0, "D_VESSEL_SCD2", "VESSEL", "publish", "publish.D_VESSEL_SCD2", "DIM_SCD2",
                PhysicalType.TABLE, null, null, null,
                List.of(new AttributeJson("vessel_scd_id", "CHAR", 32, null, null, true, "SCD_ID", null)),
                Instant.parse("2026-01-01T00:00:00Z"), Instant.parse("2026-01-01T00:00:00Z"));
    }

    @Test
    void createAnswers201WithLocationAndTheEntity() throws Exception {
        when(service.create(any())).thenReturn(vessel());
        mvc.perform(post("/api/v1/entities").contentType(MediaType.APPLICATION_JSON)
                        .content("{\"logicalName\":\"VESSEL\",\"entityType\":\"DIM_SCD2\"}"))
                .andExpect(status().isCreated())
                .andExpect(header().string("Location", "/api/v1/entities/7"))
                .andExpect(jsonPath("$.name").value("D_VESSEL_SCD2"))
                .andExpect(jsonPath("$.schema").value("publish"))
                .andExpect(jsonPath("$.version").value(0))
                .andExpect(jsonPath("$.attributes[0].attributeType").value("SCD_ID"))
                .andExpect(jsonPath("$.attributes[0].dataLength").value(32));
    }

    @Test
    void missingLogicalNameIsA400NamingTheFieldAndTheServiceIsNotCalled() throws Exception {
        mvc.perform(post("/api/v1/entities").contentType(MediaType.APPLICATION_JSON)
                        .content("{\"entityType\":\"DIM_SCD2\",\"attributes\":[{\"name\":\"x\"}]}"))
                .andExpect(status().isBadRequest())
                .andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
                .andExpect(jsonPath("$.errors[?(@.field == 'logicalName')].message").value("must not be blank"))
                .andExpect(jsonPath("$.errors[?(@.field == 'attributes[0].datatype')]").exists());
        verifyNoInteractions(service);
    }

    @Test
    void ruleBrokenInTheServiceIsA400WithFieldAndValue() throws Exception {
        when(service.create(any())).thenThrow(InvalidRequestException.of("attributes[1].name", "vessel name",
                "is not a valid identifier"));
        mvc.perform(post("/api/v1/entities").contentType(MediaType.APPLICATION_JSON)
                        .content("{\"logicalName\":\"VESSEL\"}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.title").value("Invalid request"))
                .andExpect(jsonPath("$.detail").value("attributes[1].name 'vessel name': is not a valid identifier."))
                .andExpect(jsonPath("$.errors[0].field").value("attributes[1].name"))
                .andExpect(jsonPath("$.errors[0].value").value("vessel name"));
    }

    @Test
    void unknownPhysicalTypeIsA400NamingTheField() throws Exception {
        mvc.perform(post("/api/v1/entities").contentType(MediaType.APPLICATION_JSON)
                        .content("{\"logicalName\":\"VESSEL\",\"physicalType\":\"TABEL\"}"))
                .andExpect(status().isBadRequest())
                .andExpect(jsonPath("$.errors[0].field").value("physicalType"))
                .andExpect(jsonPath("$.errors[0].value").value("TABEL"))
                .andExpect(jsonPath("$.detail").value(containsString("is not one of TABLE, VIEW, MATERIALIZED_VIEW, METADATA_ONLY")))
                .andExpect(jsonPath("$.detail").value(not(containsString("io.loadsmith"))));
    }

    @Test
    void unknownIdIsA404Problem() throws Exception {
        when(service.get(99)).thenThrow(NotFoundException.id("Entity", 99));
        mvc.perform(get("/api/v1/entities/99"))
                .andExpect(status().isNotFound())
                .andExpect(jsonPath("$.status").value(404))
                .andExpect(jsonPath("$.detail").value("Entity 99 does not exist."))
                .andExpect(jsonPath("$.instance").value("/api/v1/entities/99"));
    }

    @Test
    void staleVersionIsA409WithTheCurrentVersion() throws Exception {
        when(service.update(eq(7L), any())).thenThrow(new StaleVersionException("Entity publish.D_VESSEL_SCD2", 1, 3));
        mvc.perform(put("/api/v1/entities/7").contentType(MediaType.APPLICATION_JSON)
                        .content("{\"version\":1,\"logicalName\":\"VESSEL\"}"))
                .andExpect(status().isConflict())
                .andExpect(jsonPath("$.currentVersion").value(3))
                .andExpect(jsonPath("$.detail").value(containsString("version 1")));
    }

    @Test
    void unexpectedFailureShowsNoJavaInternals() throws Exception {
        when(service.list(null)).thenThrow(new IllegalStateException("secret internals"));
        mvc.perform(get("/api/v1/entities"))
                .andExpect(status().isInternalServerError())
                .andExpect(content().string(not(containsString("secret internals"))))
                .andExpect(content().string(not(containsString("IllegalStateException"))))
                .andExpect(jsonPath("$.detail").value(containsString("was not saved")));
    }
}
