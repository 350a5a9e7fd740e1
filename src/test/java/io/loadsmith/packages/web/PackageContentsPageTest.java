package io.loadsmith.packages.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.IntStream;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.data.domain.Page;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.entity.EntityService;
import io.loadsmith.entity.AttributeJson;
import io.loadsmith.entity.EntityResponse;
import io.loadsmith.entitytype.LoadType;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.environment.EnvironmentService;
import io.loadsmith.load.LoadService;
import io.loadsmith.load.LoadResponse;
import io.loadsmith.packageregistry.MetadataPackageService;
import io.loadsmith.packageregistry.PackageResponse;
import io.loadsmith.packages.PackageVersionService;
import io.loadsmith.template.TemplateService;
import io.loadsmith.template.TemplateResponse;
import io.loadsmith.web.WebExceptionHandler;

/** The package page's Contents: what the working state holds, linked, counted, cut at 50 and escaped. */
@WebMvcTest(PackagePageController.class)
// Slices test the controllers; who may call them is the security tests' subject.
@org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc(addFilters = false)
@Import({PackagePage.class, PackageContents.class, DialectRegistry.class, WebExceptionHandler.class})
class PackageContentsPageTest {

    static final Instant AT = Instant.parse("2026-01-01T00:00:00Z");

    /** An older store may hold such a package name; its page is then addressed by id. */
    static final String ODD_PACKAGE = "Ops & Co \"nightly\"";

    @Autowired
    MockMvc mvc;

    @MockitoBean
    MetadataPackageService packages;

    @MockitoBean
    PackageVersionService versions;

    @MockitoBean
    EnvironmentService environments;

    @MockitoBean
    EntityService entities;

    @MockitoBean
    LoadService loads;

    @MockitoBean
    TemplateService templates;

    @BeforeEach
    void stubs() {
        when(packages.byPageRef("sales")).thenReturn(new PackageResponse(3, 0, "sales", null, AT, AT));
        when(packages.byPageRef("4")).thenReturn(new PackageResponse(4, 0, ODD_PACKAGE, null, AT, AT));
        when(versions.list(anyLong(), any())).thenReturn(Page.empty());
    }

    static EntityResponse entity(long id, String schema, String name, String type, int attributes) {
        return new EntityResponse(id, 0, name, name, schema, schema + "." + name, type, PhysicalType.TABLE, "sales", null,
                null, IntStream.range(0, attributes).mapToObj(i -> new AttributeJson("a" + i, "INTEGER4", null, null, null,
                        true, null, null)).toList(), AT, AT);
    }

    static LoadResponse load(long id, String name, String target) {
        return new LoadResponse(id, 0, name, target, "sales", LoadType.TRANSFORM_PERSIST, null, List.of(), List.of(),
                new TreeMap<>(), AT, AT);
    }

    static TemplateResponse template(long id, String name, String packageName, String description) {
        return new TemplateResponse(id, 0, name, description, packageName, List.of(), new TreeMap<>());
    }

    private Document page(String ref) throws Exception {
        var result = mvc.perform(get("/packages/" + ref)).andReturn();
        assertThat(result.getResponse().getStatus()).isEqualTo(200);
        return Jsoup.parse(result.getResponse().getContentAsString(StandardCharsets.UTF_8));
    }

    @Test
    void entitiesLoadsAndOwnTemplatesAreListedByNameWithLinksAndCounts() throws Exception {
        when(entities.ofPackage("sales")).thenReturn(List.of(entity(12, "stage", "b_Orders", null, 2),
                entity(11, "Stage", "A_Customer", "DIM_SCD2", 7)));
        when(loads.ofPackage("sales")).thenReturn(List.of(load(21, "load_orders", "stage.b_Orders")));
        when(templates.list(null)).thenReturn(List.of(template(31, "sales_merge", "sales", "Merges sales"),
                template(32, "shared_one", null, null), template(33, "other_pkg", "other", null)));

        Document page = page("sales");

        assertThat(page.select("#package-contents h3").eachText())
                .containsExactly("Entities (2)", "Loads (1)", "Templates (1)");
        assertThat(page.select("#package-entities tbody tr").eachText())
                .containsExactly("Stage.A_Customer DIM_SCD2 7", "stage.b_Orders 2");
        assertThat(page.select("#package-entities tbody a").eachAttr("href")).containsExactly("/entities/11", "/entities/12");
        assertThat(page.select("#package-loads tbody tr").eachText()).containsExactly("load_orders stage.b_Orders");
        assertThat(page.select("#package-loads tbody a").attr("href")).isEqualTo("/loads/21");
        assertThat(page.select("#package-templates a").eachAttr("href")).containsExactly("/configuration/templates/31");
        assertThat(page.select(".contents-more, #contents-empty")).isEmpty();
    }

    @Test
    void anEmptyPackageSaysSoAndPointsToTheNewEntityForm() throws Exception {
        when(entities.ofPackage("sales")).thenReturn(List.of());
        when(loads.ofPackage("sales")).thenReturn(List.of());

        Document page = page("sales");

        assertThat(page.select("#contents-empty").text()).startsWith("This package holds nothing yet. Add an entity");
        assertThat(page.select("#contents-empty a").attr("href")).isEqualTo("#package-entity-heading");
        assertThat(page.select("#package-entity-heading").text()).isEqualTo("New entity in this package");
        assertThat(page.select("#package-entity[hx-get]")).hasSize(1);
        assertThat(page.select("#package-contents table, #package-contents h3")).isEmpty();
    }

    @Test
    void aPackageOverTheCapShowsTheFirstFiftyByNameAndLinksToAllInTheFilteredLists() throws Exception {
        // Given in reverse: the page sorts, and the cut keeps the first names.
        when(entities.ofPackage(ODD_PACKAGE)).thenReturn(IntStream.range(0, 1234).map(i -> 1233 - i)
                .mapToObj(i -> entity(1000 + i, "big", "E%04d".formatted(i), null, 1)).toList());
        when(loads.ofPackage(ODD_PACKAGE)).thenReturn(IntStream.range(0, 51).map(i -> 50 - i)
                .mapToObj(i -> load(5000 + i, "load_%02d".formatted(i), "big.E0000")).toList());

        Document page = page("4");

        assertThat(page.select("#package-contents h3").eachText()).containsExactly("Entities (1,234)", "Loads (51)");
        assertThat(page.select("#package-entities tbody tr")).hasSize(PackageContents.CAP);
        assertThat(page.select("#package-entities tbody a").first().text()).isEqualTo("big.E0000");
        assertThat(page.select("#package-entities tbody a").last().text()).isEqualTo("big.E0049");
        assertThat(page.select("#package-loads tbody tr")).hasSize(PackageContents.CAP);
        assertThat(page.select("a.all-entities").text()).isEqualTo("All 1,234 entities");
        assertThat(page.select("a.all-entities").attr("href")).isEqualTo("/entities?package=Ops%20%26%20Co%20%22nightly%22");
        assertThat(page.select("a.all-loads").text()).isEqualTo("All 51 loads");
        assertThat(page.select("a.all-loads").attr("href")).isEqualTo("/loads?package=Ops%20%26%20Co%20%22nightly%22");
    }

    @Test
    void namesWithMixedCaseQuotesAndMarkupAreText() throws Exception {
        String entityName = "Sel\"ect<script>alert(1)</script>";
        when(entities.ofPackage("sales")).thenReturn(List.of(entity(11, "Order", entityName, "<b>T</b>", 0)));
        when(loads.ofPackage("sales")).thenReturn(List.of(load(21, "load_'x'<img src=x>", "Order." + entityName)));
        when(templates.list(null)).thenReturn(List.of(template(31, "t", "sales", "<i>why</i>")));

        String html = mvc.perform(get("/packages/sales")).andReturn().getResponse()
                .getContentAsString(StandardCharsets.UTF_8);
        Document page = Jsoup.parse(html);

        assertThat(html).doesNotContain("<script>alert", "<b>T</b>", "<img src=x>", "<i>why</i>")
                .contains("&lt;script&gt;alert(1)&lt;/script&gt;");
        assertThat(page.select("#package-entities tbody a").text()).isEqualTo("Order." + entityName);
        assertThat(page.select("#package-entities tbody td").get(1).text()).isEqualTo("<b>T</b>");
        assertThat(page.select("#package-loads tbody a").text()).isEqualTo("load_'x'<img src=x>");
        assertThat(page.select("#package-templates small").text()).isEqualTo("<i>why</i>");
        assertThat(page.select("#package-contents script, #package-contents img, #package-contents b")).isEmpty();
    }

    @Test
    void anHtmxRedrawOfTheVersionsDoesNotReadTheContents() throws Exception {
        String fragment = mvc.perform(get("/packages/sales").header("HX-Request", "true")).andReturn().getResponse()
                .getContentAsString(StandardCharsets.UTF_8);

        assertThat(fragment).startsWith("<div id=\"versions\"").doesNotContain("package-contents");
        verify(entities, never()).ofPackage(any());
        verify(loads, never()).ofPackage(any());
    }
}
