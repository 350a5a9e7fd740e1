package io.loadsmith.home.web;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.mockito.Mockito.when;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.model;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.view;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

import io.loadsmith.entity.EntityService;
import io.loadsmith.entity.AttributeJson;
import io.loadsmith.entity.EntityResponse;
import io.loadsmith.entitytype.LoadType;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.generation.model.StepType;
import io.loadsmith.load.LoadService;
import io.loadsmith.load.LoadResponse;
import io.loadsmith.load.StepJson;
import io.loadsmith.packageregistry.MetadataPackageService;

@WebMvcTest(HomePageController.class)
// Slices test the controllers; who may call them is the security tests' subject.
@org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc(addFilters = false)
class HomePageControllerTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    MetadataPackageService packages;

    @MockitoBean
    EntityService entities;

    @MockitoBean
    ConfigurationSearch configuration;

    @MockitoBean
    LoadService loads;

    // Places (packages, environments) are FindAnythingTest's subject; here they find nothing.
    @MockitoBean
    PlaceSearch places;

    static final EntityResponse VESSEL = new EntityResponse(7, 0, "D_VESSEL_SCD2", "VESSEL", "publish",
            "publish.D_VESSEL_SCD2", "DIM_SCD2", PhysicalType.TABLE, "marine", null, null,
            List.of(new AttributeJson("mmsi_key", "INTEGER8", null, null, null, true, null, null)),
            Instant.parse("2026-01-01T00:00:00Z"), Instant.parse("2026-01-02T00:00:00Z"));
    static final LoadResponse LOAD = new LoadResponse(5, 0, "load_d_vessel_scd2", "publish.D_VESSEL_SCD2", null,
            LoadType.TRANSFORM_PERSIST, null, List.of(),
            List.of(new StepJson("merge_scd2_with_ftl", StepType.OVERRIDE, "<ftltemplate:scd2:temp_table_prefix=Z_TMP_>")),
            new java.util.TreeMap<>(), Instant.parse("2026-01-01T00:00:00Z"), Instant.parse("2026-01-03T00:00:00Z"));

    @Test
    void homeShowsPackagesWithCountsAndRecentChangesNewestFirst() throws Exception {
        when(packages.counts()).thenReturn(List.of(new MetadataPackageService.PackageCount("marine", 1, 1, "marine"),
                new MetadataPackageService.PackageCount(null, 2, 0, null)));
        when(entities.recent()).thenReturn(List.of(VESSEL));
        when(loads.recent()).thenReturn(List.of(LOAD));
        mvc.perform(get("/"))
                .andExpect(status().isOk())
                .andExpect(view().name("home"))
                .andExpect(model().attribute("packages", hasSize(2)))
                .andExpect(model().attribute("recent", hasSize(2)))
                .andExpect(content().string(containsString("marine")))
                .andExpect(content().string(containsString("(no package)")))
                .andExpect(content().string(containsString("id=\"global-search\"")));
    }

    @Test
    void searchFindsEntitiesByAttributeAndLoadsByStepText() throws Exception {
        when(entities.search("mmsi")).thenReturn(List.of(VESSEL));
        when(loads.search("mmsi")).thenReturn(List.of());
        mvc.perform(get("/search").param("q", "mmsi"))
                .andExpect(status().isOk())
                .andExpect(view().name("search"))
                // The entity and its lineage page.
                .andExpect(model().attribute("results", hasSize(2)))
                .andExpect(content().string(containsString("attributes: mmsi_key")))
                .andExpect(content().string(containsString("/entities/7/lineage")));

        when(entities.search("ftltemplate")).thenReturn(List.of());
        when(loads.search("ftltemplate")).thenReturn(List.of(LOAD));
        mvc.perform(get("/search").param("q", "ftltemplate").header("HX-Request", "true"))
                .andExpect(status().isOk())
                .andExpect(view().name("search :: results"))
                .andExpect(content().string(containsString("steps: merge_scd2_with_ftl")))
                .andExpect(content().string(not(containsString("<html"))));
    }

    @Test
    void unknownAddressIsAnErrorPageForBrowsersAndAProblemDetailForOthers() throws Exception {
        mvc.perform(get("/no/such/page").accept(org.springframework.http.MediaType.TEXT_HTML))
                .andExpect(status().isNotFound())
                .andExpect(view().name("error"))
                .andExpect(content().string(containsString("There is no page at /no/such/page.")));
        mvc.perform(get("/no/such/page").accept(org.springframework.http.MediaType.APPLICATION_JSON))
                .andExpect(status().isNotFound())
                .andExpect(org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath("$.status").value(404))
                .andExpect(org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath("$.instance")
                        .value("/no/such/page"));
    }

    @Test
    void searchAlsoFindsTemplatesAndConfiguration() throws Exception {
        when(configuration.search("scd")).thenReturn(List.of(
                new HomePageController.Item("Template", "scd2", "SCD2 merge", "/configuration/templates/library/scd2", null),
                new HomePageController.Item("Entity type", "DIM_SCD2", "", "/configuration/entity-types/1", null)));
        mvc.perform(get("/search").param("q", "scd"))
                .andExpect(status().isOk())
                .andExpect(content().string(containsString("href=\"/configuration/templates/library/scd2\"")))
                .andExpect(content().string(containsString("href=\"/configuration/entity-types/1\"")));
    }

    @Test
    void emptySearchAsksForText() throws Exception {
        mvc.perform(get("/search"))
                .andExpect(status().isOk())
                .andExpect(model().attribute("results", hasSize(0)))
                .andExpect(content().string(containsString("Type a name")));
    }
}
