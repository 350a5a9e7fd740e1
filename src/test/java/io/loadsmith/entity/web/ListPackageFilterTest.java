package io.loadsmith.entity.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.TreeMap;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

import io.loadsmith.entity.EntityService;
import io.loadsmith.entity.EntityResponse;
import io.loadsmith.entitytype.EntityTypeService;
import io.loadsmith.entitytype.LoadType;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.generation.catalog.TemplateLookup;
import io.loadsmith.load.LoadService;
import io.loadsmith.load.LoadResponse;
import io.loadsmith.load.web.LoadListPageController;
import io.loadsmith.load.web.PresetChoices;
import io.loadsmith.packageregistry.MetadataPackageService;
import io.loadsmith.packageregistry.PackageResponse;
import io.loadsmith.web.WebExceptionHandler;

/**
 * The package filter of the entity list and the load list ({@code ?package=NAME}), which the
 * package page's "all N entities" and "all N loads" links use.
 */
@WebMvcTest({EntityListPageController.class, LoadListPageController.class})
// Slices test the controllers; who may call them is the security tests' subject.
@org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc(addFilters = false)
@Import({WebExceptionHandler.class, PackageNames.class})
class ListPackageFilterTest {

    /** A name an older store may hold: quotes, markup, an ampersand (new names cannot, see Names). */
    static final String ODD = "it's <i>odd</i> & \"quoted\"";

    /** A list: its address, where its results stand, and the row it shows. */
    record Listing(String path, String results, String row) {
    }

    static final Listing ENTITIES = new Listing("/entities", "#entity-results", "publish.D_VESSEL_SCD2");
    static final Listing LOADS = new Listing("/loads", "#load-results", "load_d_vessel_scd2");

    static List<Listing> lists() {
        return List.of(ENTITIES, LOADS);
    }

    static final Instant AT = Instant.parse("2026-01-01T00:00:00Z");

    @Autowired
    MockMvc mvc;

    @MockitoBean
    MetadataPackageService packages;

    @MockitoBean
    EntityService entities;

    @MockitoBean
    EntityTypeService entityTypes;

    @MockitoBean
    TypeDefaults typeDefaults;

    @MockitoBean
    LoadOffers loadOffers;

    @MockitoBean
    LoadService loads;

    @MockitoBean
    TemplateLookup templates;

    @MockitoBean
    PresetChoices presets;

    @BeforeEach
    void stubs() {
        when(packages.list(null)).thenReturn(List.of(new PackageResponse(1, 0, "demo", null, AT, AT),
                new PackageResponse(2, 0, ODD, null, AT, AT)));
        List<EntityResponse> vessel = List.of(new EntityResponse(7, 0, "D_VESSEL_SCD2", "VESSEL", "publish",
                "publish.D_VESSEL_SCD2", "DIM_SCD2", PhysicalType.TABLE, "demo", null, null, List.of(), AT, AT));
        when(entities.filter(any(), any(), any(), any())).thenReturn(vessel);
        List<LoadResponse> load = List.of(new LoadResponse(5, 0, "load_d_vessel_scd2", "publish.D_VESSEL_SCD2", "demo",
                LoadType.TRANSFORM_PERSIST, null, List.of(), List.of(), new TreeMap<>(), AT, AT));
        when(loads.list(null)).thenReturn(load);
        when(loads.ofPackage(any())).thenReturn(load);
    }

    private String html(Listing listing, String... packageName) throws Exception {
        var result = mvc.perform(get(listing.path()).param("package", packageName)).andReturn();
        assertThat(result.getResponse().getStatus()).isEqualTo(200);
        return result.getResponse().getContentAsString(StandardCharsets.UTF_8);
    }

    /** Asks each list for one package, the way its own query does (a load goes with its target's package). */
    private void assertAskedFor(Listing listing, String packageName) {
        if (listing == ENTITIES) {
            verify(entities).filter(null, null, null, packageName);
        } else {
            verify(loads).ofPackage(packageName);
            verify(loads, never()).list(any());
        }
    }

    @ParameterizedTest
    @MethodSource("lists")
    void aPackageIsChosenInItsOwnSpellingAndListsItsObjects(Listing listing) throws Exception {
        Document page = Jsoup.parse(html(listing, "DEMO"));

        assertAskedFor(listing, "demo");
        assertThat(page.select("#filter-package option").eachText()).containsExactly("any", "demo", ODD);
        assertThat(page.select("#filter-package option[selected]").text()).isEqualTo("demo");
        assertThat(page.select(listing.results() + " a").eachText()).containsExactly(listing.row());
    }

    @ParameterizedTest
    @MethodSource("lists")
    void aNameWithQuotesAndMarkupIsAskedForAsGivenAndShownAsText(Listing listing) throws Exception {
        String html = html(listing, ODD);

        assertAskedFor(listing, ODD);
        assertThat(html).doesNotContain("<i>odd").contains("&lt;i&gt;odd&lt;/i&gt;");
        assertThat(Jsoup.parse(html).select("#filter-package option[selected]").attr("value")).isEqualTo(ODD);
    }

    @ParameterizedTest
    @MethodSource("lists")
    void anUnknownPackageSaysSoAndListsNothing(Listing listing) throws Exception {
        Document page = Jsoup.parse(html(listing, "<script>alert(1)</script>"));

        verify(entities, never()).filter(any(), any(), any(), any());
        verify(loads, never()).ofPackage(any());
        assertThat(page.select(listing.results() + " [role=status]").text())
                .isEqualTo("No package is named '<script>alert(1)</script>'.");
        assertThat(page.select(listing.results() + " script, " + listing.results() + " table")).isEmpty();
        assertThat(page.select("#filter-package option[selected]")).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("lists")
    void noPackageListsEverything(Listing listing) throws Exception {
        assertThat(Jsoup.parse(html(listing, "")).select(listing.results() + " a").eachText()).containsExactly(listing.row());

        verify(loads, never()).ofPackage(any());
        if (listing == ENTITIES) {
            verify(entities).filter(null, null, null, null);
        }
    }

    @Test
    void aPackageWithoutLoadsSaysSoAndHtmxGetsOnlyTheResults() throws Exception {
        when(loads.ofPackage("demo")).thenReturn(List.of());

        assertThat(Jsoup.parse(html(LOADS, "demo")).select("#load-results p").text())
                .isEqualTo("No load writes an entity of this package.");
        String fragment = mvc.perform(get("/loads").header("HX-Request", "true").param("package", "demo")).andReturn()
                .getResponse().getContentAsString(StandardCharsets.UTF_8);
        assertThat(fragment).startsWith("<section id=\"load-results\"").doesNotContain("<html");
    }
}
