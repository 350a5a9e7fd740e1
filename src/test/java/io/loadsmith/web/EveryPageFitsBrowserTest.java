package io.loadsmith.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

import io.loadsmith.entity.EntityService;
import io.loadsmith.environment.EnvironmentRequest;
import io.loadsmith.environment.EnvironmentService;
import io.loadsmith.entitytype.AttributeTypeService;
import io.loadsmith.entitytype.DefaultAttributeService;
import io.loadsmith.entitytype.EntityTypeService;
import io.loadsmith.entitytype.LoadType;
import io.loadsmith.load.LoadService;
import io.loadsmith.load.StepJson;
import io.loadsmith.generation.model.StepType;
import io.loadsmith.packageregistry.MetadataPackageService;
import io.loadsmith.packages.PackageVersionService;
import io.loadsmith.preset.LoadPresetService;
import io.loadsmith.preset.PresetRequest;
import io.loadsmith.template.TemplateService;
import io.loadsmith.template.TransformationTypeService;
import io.loadsmith.template.TemplateRequest;
import io.loadsmith.template.TransformationTypeRequest;

/**
 * Every page of the designer, listed from the page controllers' GET mappings (a new page without an
 * address here fails the test), on the demo store plus a preset, a template, a formula and a package
 * version, at 1400 and 800 px: none may scroll sideways ({@code scrollWidth > innerWidth}).
 * Screenshots: target/screenshots/fit-*-{1400,800}.png. Skips without Chromium and chromedriver.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestPropertySource(properties = {
        "spring.datasource.url=jdbc:h2:mem:everypagefits;DB_CLOSE_DELAY=-1",
        "loadsmith.admin.password=" + io.loadsmith.security.TestAccounts.PASSWORD})
class EveryPageFitsBrowserTest {

    @RegisterExtension
    static final HeadlessChromium.PerClass browser = new HeadlessChromium.PerClass();

    /** GET mappings that are not pages: a download and fragments htmx asks for. */
    private static final Map<String, String> NOT_PAGES = Map.of(
            "/packages/{name}/export", "a zip download",
            "/entities/{id}/ddl", "the DDL fragment of the entity page");

    @LocalServerPort
    int port;

    @Autowired
    @Qualifier("requestMappingHandlerMapping")
    RequestMappingHandlerMapping mappings;

    @Autowired
    LoadService loads;
    @Autowired
    EntityService entities;
    @Autowired
    EntityTypeService entityTypes;
    @Autowired
    AttributeTypeService attributeTypes;
    @Autowired
    DefaultAttributeService defaultAttributes;
    @Autowired
    TransformationTypeService formulas;
    @Autowired
    TemplateService templates;
    @Autowired
    LoadPresetService presets;
    @Autowired
    MetadataPackageService packages;
    @Autowired
    PackageVersionService versions;
    @Autowired
    EnvironmentService environments;

    /** The address to visit for each page's mapping, with the demo's objects (and ones made here) filled in. */
    private Map<String, String> addresses() {
        long load = loads.list(null).get(0).id();
        long entity = entities.list(null).get(0).id();
        long template = templates.create(new TemplateRequest(null, "fit_probe_with_a_long_name_that_has_no_space_anywhere_to_break_at", "A template made by the layout test",
                null, List.of(), Map.of("default", "SELECT 1 AS probe"))).id();
        long formula = formulas.create(new TransformationTypeRequest(null, "FIT_PROBE", "A formula made by the layout test",
                Map.of("default", "'one'"))).id();
        long preset = presets.create(new PresetRequest(null, "fit_probe", "A preset made by the layout test", null,
                List.of(new StepJson("one", StepType.PRE, "SELECT 1")), Map.of(),
                List.of(new PresetRequest.Use("DIM_SCD2", LoadType.TRANSFORM_PERSIST, 1, false)))).id();
        versions.commit(packages.list("demo").get(0).id(), "for the layout test, a commit message long enough to wrap"
                + " more than once in the audit list's summary column at 800 px");
        // Made after the commit: the diff lists it apart, as shared, not as the package's change.
        environments.create(new EnvironmentRequest(null, "fit_probe_env", "An environment made by the layout test",
                Map.of("region", "eu")));
        Map<String, String> at = new TreeMap<>();
        at.put("/", "/");
        at.put("/login", "/login");
        at.put("/search", "/search?q=vessel");
        at.put("/account", "/account");
        at.put("/admin/users", "/admin/users");
        at.put("/admin/tokens", "/admin/tokens");
        at.put("/audit", "/audit");
        at.put("/audit/{id}", null); // filled in from the audit list
        at.put("/configuration", "/configuration");
        at.put("/configuration/{kind}/{id}/delete", "/configuration/transformation-types/" + formula + "/delete");
        at.put("/configuration/entity-types/{id}", "/configuration/entity-types/" + entityTypes.list(null).get(0).id());
        at.put("/configuration/attribute-types/{id}", "/configuration/attribute-types/" + attributeTypes.list(null).get(0).id());
        at.put("/configuration/default-attributes/{id}", "/configuration/default-attributes/" + defaultAttributes.list(null).get(0).id());
        at.put("/configuration/transformation-types/{id}", "/configuration/transformation-types/" + formula);
        at.put("/configuration/templates", "/configuration/templates");
        at.put("/configuration/templates/new", "/configuration/templates/new");
        at.put("/configuration/templates/{id}", "/configuration/templates/" + template);
        at.put("/configuration/templates/{id}/preview", "/configuration/templates/" + template + "/preview");
        at.put("/configuration/templates/{id}/delete", "/configuration/templates/" + template + "/delete");
        at.put("/configuration/templates/library/{name}", "/configuration/templates/library/scd2");
        at.put("/entities", "/entities");
        at.put("/entities/new", "/entities/new");
        at.put("/entities/{id}", "/entities/" + entity);
        at.put("/entities/{id}/delete", "/entities/" + entity + "/delete");
        at.put("/entities/{id}/lineage", "/entities/" + entity + "/lineage");
        at.put("/environments", "/environments");
        at.put("/lineage", "/lineage?package=demo");
        at.put("/loads", "/loads");
        at.put("/loads/new", "/loads/new");
        at.put("/loads/{id}", "/loads/" + load);
        at.put("/loads/{id}/preview", "/loads/" + load + "/preview");
        at.put("/loads/{id}/delete", "/loads/" + load + "/delete");
        at.put("/loads/{id}/try", "/loads/" + load + "/try");
        at.put("/packages", "/packages");
        at.put("/packages/new", "/packages/new");
        at.put("/packages/import", "/packages/import");
        at.put("/packages/{name}", "/packages/demo");
        at.put("/packages/{name}/diff", "/packages/demo/diff?from=1&to=working&dialect=snowflake");
        at.put("/packages/{name}/deployments", "/packages/demo/deployments");
        at.put("/packages/{name}/try", "/packages/demo/try");
        at.put("/packages/{name}/versions/{number}/restore", "/packages/demo/versions/1/restore");
        at.put("/presets", "/presets");
        at.put("/presets/new", "/presets/new");
        at.put("/presets/{id}", "/presets/" + preset);
        at.put("/presets/{id}/delete", "/presets/" + preset + "/delete");
        return at;
    }

    /** The patterns of every GET mapping of a page controller (a handler in io.loadsmith outside the API). */
    private TreeSet<String> pagePatterns() {
        TreeSet<String> patterns = new TreeSet<>();
        mappings.getHandlerMethods().forEach((info, method) -> {
            boolean get = info.getMethodsCondition().getMethods().contains(RequestMethod.GET);
            if (get && method.getBeanType().getPackageName().startsWith("io.loadsmith")) {
                info.getPatternValues().stream().filter(p -> !p.startsWith("/api/") && !NOT_PAGES.containsKey(p))
                        .forEach(patterns::add);
            }
        });
        return patterns;
    }

    @Test
    void noPageScrollsSidewaysAt1400Or800() throws IOException {
        Map<String, String> addresses = addresses();
        assertThat(addresses.keySet()).as("an address for every page (add new pages to addresses())")
                .containsAll(pagePatterns());
        String base = "http://localhost:" + port;
        List<String> overflowing = new ArrayList<>();
        // The sign-in page first: signed in, /login sends to the home page.
        fits(browser.get().driver(), base, "/login", "/login", overflowing);
        ChromeDriver driver = browser.signedIn(base);
        driver.get(base + "/audit");
        addresses.put("/audit/{id}", driver.findElement(By.cssSelector("main table tbody a")).getDomAttribute("href"));

        for (Map.Entry<String, String> page : addresses.entrySet()) {
            if (!page.getKey().equals("/login")) {
                fits(driver, base, page.getKey(), page.getValue(), overflowing);
            }
        }
        assertThat(overflowing).as("pages that scroll sideways").isEmpty();
    }

    private void fits(ChromeDriver driver, String base, String pattern, String address, List<String> overflowing)
            throws IOException {
        for (int width : new int[] {1400, 800}) {
            driver.manage().window().setSize(new Dimension(width, 1000));
            driver.get(base + address);
            // Loaded, and what htmx fetches on load (the package page's new-entity form) in place too:
            // it counts for the width, and the 1400 px screenshot showed its heading over nothing.
            HeadlessChromium.waiting(driver, Duration.ofSeconds(20)).until(d -> Boolean.TRUE.equals(
                    ((JavascriptExecutor) d).executeScript("return document.readyState === 'complete'"
                            + " && !document.querySelector('.htmx-request')")));
            List<?> widths = (List<?>) driver.executeScript(
                    "return [document.documentElement.scrollWidth, window.innerWidth];");
            long scroll = ((Number) widths.get(0)).longValue();
            long inner = ((Number) widths.get(1)).longValue();
            if (scroll > inner) {
                overflowing.add(address + " at " + width + ": " + scroll + " > " + inner + " (" + widest(driver) + ")");
            }
            String name = pattern.replaceAll("[^a-z]+", "-").replaceAll("^-|-$", "");
            browser.get().shoot("fit-" + (name.isEmpty() ? "home" : name) + "-" + width, width, 2400);
        }
    }

    /**
     * The attribute grid keeps one line per attribute with "keep case" beside the name; the editors'
     * line numbers reach 4.5:1 against their gutter in the light and the dark theme; the token form's
     * name has a label one can see.
     */
    @Test
    void theGridIsOneLineARowLineNumbersAreReadableAndTheTokenNameHasALabel() throws IOException {
        String base = "http://localhost:" + port;
        ChromeDriver driver = browser.signedIn(base);
        driver.manage().window().setSize(new Dimension(1400, 1000));
        driver.get(base + "/entities/" + entities.list(null).get(0).id());
        List<?> heights = (List<?>) driver.executeScript("return Array.from(document.querySelectorAll("
                + "'table.attribute-grid tbody tr')).map(r => r.getBoundingClientRect().height"
                + " / r.querySelector('input.attr-name').getBoundingClientRect().height);");
        assertThat(heights).as("rows of the grid").hasSizeGreaterThan(5)
                .allSatisfy(h -> assertThat(((Number) h).doubleValue()).as("a row's height / its name field's").isLessThan(1.5));
        browser.get().shoot("fit-entity-grid-1400", 1400, 2400);

        for (String scheme : List.of("light", "dark")) {
            browser.get().colorScheme(scheme.equals("dark"));
            driver.get(base + "/loads/" + loads.list(null).get(0).id());
            HeadlessChromium.waiting(driver, Duration.ofSeconds(20)).until(d -> !d.findElements(By.cssSelector(".CodeMirror-linenumber")).isEmpty());
            double contrast = ((Number) driver.executeScript(CONTRAST
                    + "return contrast(getComputedStyle(document.querySelector('.CodeMirror-linenumber')).color,"
                    + " getComputedStyle(document.querySelector('.CodeMirror-gutters')).backgroundColor);")).doubleValue();
            assertThat(contrast).as("line numbers against the gutter, " + scheme).isGreaterThanOrEqualTo(4.5);
            browser.get().shoot("fit-load-line-numbers-" + scheme, 1400, 1400);
        }
        browser.get().colorScheme(false);

        driver.get(base + "/account");
        assertThat(driver.findElement(By.cssSelector("label[for=token-name]")).isDisplayed()).isTrue();
        assertThat(driver.findElement(By.cssSelector("label[for=token-name]")).getText()).startsWith("Token name");
    }

    /**
     * Every visible text on the main pages reaches 4.5:1 against the background it is drawn on (the
     * first opaque one of its ancestors, translucent ones blended over it), in the light and the dark
     * theme: muted notes, table captions, hints, the editors' gutters.
     */
    @Test
    void everyTextIsReadableInTheLightAndTheDarkTheme() {
        String base = "http://localhost:" + port;
        ChromeDriver driver = browser.signedIn(base);
        driver.manage().window().setSize(new Dimension(1400, 1000));
        long load = loads.list(null).get(0).id();
        List<String> pages = List.of("/", "/loads", "/loads/" + load, "/loads/" + load + "/try",
                "/entities/" + entities.list(null).get(0).id(), "/packages/demo", "/packages", "/audit", "/configuration",
                "/environments", "/account", "/search?q=vessel");
        List<String> faint = new ArrayList<>();
        for (String scheme : List.of("light", "dark")) {
            browser.get().colorScheme(scheme.equals("dark"));
            for (String page : pages) {
                driver.get(base + page);
                HeadlessChromium.waiting(driver, Duration.ofSeconds(20)).until(d -> "complete".equals(
                        ((JavascriptExecutor) d).executeScript("return document.readyState")));
                List<?> found = (List<?>) driver.executeScript(CONTRAST + FAINT_TEXTS);
                found.forEach(f -> faint.add(scheme + " " + page + ": " + f));
            }
        }
        browser.get().colorScheme(false);
        assertThat(faint).as("texts under 4.5:1").isEmpty();
    }

    /**
     * The texts under 4.5:1: each element with text of its own, shown, its colour (alpha blended) against
     * the first opaque background up its ancestors (translucent ones blended over it, white at the top).
     */
    private static final String FAINT_TEXTS = " function rgba(c) { var v = (c.match(/[\\d.]+/g) || [0, 0, 0, 0]).map(Number);"
            + " return [v[0], v[1], v[2], v.length > 3 ? v[3] : 1]; }"
            + " function over(top, under) { var a = top[3]; return [0, 1, 2].map(function (i) { return top[i] * a + under[i] * (1 - a); }).concat([1]); }"
            + " function background(e) { var layers = []; for (var x = e; x; x = x.parentElement) {"
            + "   var c = rgba(getComputedStyle(x).backgroundColor); if (c[3] > 0) { layers.push(c); if (c[3] >= 1) break; } }"
            + "   var bg = rgba(getComputedStyle(document.documentElement).backgroundColor); if (bg[3] < 1) bg = [255, 255, 255, 1];"
            + "   for (var i = layers.length - 1; i >= 0; i--) bg = over(layers[i], bg); return bg; }"
            + " function css(c) { return 'rgb(' + c.slice(0, 3).map(Math.round).join(',') + ')'; }"
            + " var out = []; document.querySelectorAll('body *').forEach(function (e) {"
            + "   var own = Array.from(e.childNodes).some(function (n) { return n.nodeType === 3 && n.textContent.trim(); });"
            + "   if (!own || !e.getClientRects().length) return;"
            + "   var s = getComputedStyle(e); if (s.visibility !== 'visible' || e.closest('[hidden],[aria-hidden=true],script,style,noscript')) return;"
            + "   if (e.matches(':disabled') || e.closest('[inert]')) return;"
            + "   var bg = background(e); var fg = over(rgba(s.color), bg); var ratio = contrast(css(fg), css(bg));"
            + "   if (ratio < 4.5) out.push(e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (typeof e.className === 'string' && e.className ? '.' + e.className.trim().split(/\\s+/).join('.') : '')"
            + "     + ' \"' + e.textContent.trim().slice(0, 30) + '\" ' + css(fg) + ' on ' + css(bg) + ' ' + ratio.toFixed(2) + ':1'); });"
            + " return out.slice(0, 40);";

    /** WCAG 2's contrast ratio of two computed CSS colours, rgb() or rgba() (opaque). */
    private static final String CONTRAST = "function lum(c) { var v = c.match(/[\\d.]+/g).slice(0, 3).map(Number).map(function (x) {"
            + " x /= 255; return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4); });"
            + " return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; }"
            + " function contrast(a, b) { var x = lum(a), y = lum(b); return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); }";

    /** The element that reaches furthest right, to say in the failure what sticks out. */
    private static Object widest(ChromeDriver driver) {
        return driver.executeScript("var w = null, r = 0; document.querySelectorAll('body *').forEach(function (e) {"
                + " var b = e.getBoundingClientRect().right; if (b > r) { r = b; w = e; } });"
                + " return w ? w.tagName.toLowerCase() + (w.id ? '#' + w.id : '') + (w.className && w.className.baseVal === undefined"
                + " ? '.' + String(w.className).split(' ').join('.') : '') + ' ends at ' + Math.round(r) : '';");
    }
}
