package io.loadsmith.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

import io.loadsmith.entity.EntityService;
import io.loadsmith.load.LoadService;
import io.loadsmith.load.LoadRequest;
import io.loadsmith.load.LoadResponse;
import io.loadsmith.load.StepJson;
import io.loadsmith.packageregistry.MetadataPackageService;
import io.loadsmith.packages.PackageVersionService;

/**
 * Every main page of the designer, on the demo store, in headless Chromium: at 1400 px none
 * scrolls horizontally ({@code scrollWidth <= clientWidth}); each is saved as a screenshot at
 * 1400 and 800 px (target/screenshots/layout-*.png), and the load page, the package SQL diff
 * and an audit diff also in dark mode (layout-*-dark.png). Before that the demo package is
 * committed and a multi-line step of its load changed, so both diffs have something to show.
 * Skips without Chromium and chromedriver.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestPropertySource(properties = {
        "spring.datasource.url=jdbc:h2:mem:layoutbrowser;DB_CLOSE_DELAY=-1",
        "loadsmith.admin.password=" + io.loadsmith.security.TestAccounts.PASSWORD})
class LayoutBrowserTest {

    private static HeadlessChromium chromium;
    private static ChromeDriver driver;
    private static boolean signedIn;

    @LocalServerPort
    int port;

    @Autowired
    LoadService loads;

    @Autowired
    EntityService entities;

    @Autowired
    MetadataPackageService packages;

    @Autowired
    PackageVersionService versions;

    @BeforeAll
    static void startBrowser() throws IOException {
        chromium = HeadlessChromium.start();
        driver = chromium.driver();
    }

    @AfterAll
    static void stopBrowser() throws IOException {
        if (chromium != null) {
            chromium.close();
        }
    }

    /** The main pages, by a short name for the screenshot. */
    private Map<String, String> pages() {
        long load = loads.list(null).get(0).id();
        long entity = entities.list(null).stream()
                .filter(e -> e.name().equalsIgnoreCase("D_VESSEL_SCD2")).findFirst().orElseThrow().id();
        Map<String, String> pages = new LinkedHashMap<>();
        pages.put("home", "/");
        pages.put("search", "/search?q=vessel");
        pages.put("entities", "/entities");
        pages.put("entity-new", "/entities/new");
        pages.put("entity", "/entities/" + entity);
        pages.put("loads", "/loads");
        pages.put("load-new", "/loads/new");
        pages.put("load", "/loads/" + load);
        pages.put("try", "/loads/" + load + "/try");
        pages.put("configuration", "/configuration");
        pages.put("templates", "/configuration/templates");
        pages.put("template-new", "/configuration/templates/new");
        pages.put("template-library", "/configuration/templates/library/scd2");
        pages.put("package", "/packages/demo");
        pages.put("package-diff", "/packages/demo/diff?from=1&to=working&dialect=snowflake");
        pages.put("deployments", "/packages/demo/deployments");
        pages.put("import", "/packages/import");
        pages.put("environments", "/environments");
        pages.put("lineage", "/lineage?package=demo");
        pages.put("entity-lineage", "/entities/" + entity + "/lineage");
        pages.put("audit", "/audit");
        pages.put("account", "/account");
        pages.put("users", "/admin/users");
        pages.put("tokens", "/admin/tokens");
        return pages;
    }

    @Test
    void noMainPageScrollsHorizontallyAt1400() throws IOException {
        changeTheDemoAfterACommit();
        signIn();
        Map<String, String> pages = pages();
        driver.get("http://localhost:" + port + "/audit");
        pages.put("audit-change", driver.findElement(By.cssSelector("main table tbody a")).getDomAttribute("href"));
        List<String> overflowing = new ArrayList<>();
        for (Map.Entry<String, String> page : pages.entrySet()) {
            driver.manage().window().setSize(new Dimension(1400, 1000));
            driver.get("http://localhost:" + port + page.getValue());
            HeadlessChromium.waiting(driver, Duration.ofSeconds(20))
                    .until(d -> "complete".equals(((JavascriptExecutor) d).executeScript("return document.readyState")));
            List<?> widths = (List<?>) ((JavascriptExecutor) driver).executeScript(
                    "var e = document.scrollingElement; return [e.scrollWidth, e.clientWidth];");
            long scroll = ((Number) widths.get(0)).longValue();
            long client = ((Number) widths.get(1)).longValue();
            if (scroll > client) {
                overflowing.add(page.getKey() + " " + page.getValue() + ": " + scroll + " > " + client);
            }
            shoot("layout-" + page.getKey() + "-1400", 1400);
            shoot("layout-" + page.getKey() + "-800", 800);
        }
        assertThat(overflowing).as("pages that scroll horizontally at 1400 px").isEmpty();

        dark(true);
        try {
            for (String page : List.of("load", "package-diff", "audit-change")) {
                driver.manage().window().setSize(new Dimension(1400, 1000));
                driver.get("http://localhost:" + port + pages.get(page));
                shoot("layout-" + page + "-1400-dark", 1400);
            }
        } finally {
            dark(false);
        }
    }

    /**
     * The package page's forms (new entity, commit, compare, export) keep one readable measure at 1400 px,
     * the same as the stand-alone new entity, new package and new environment forms, and fit at 800 px.
     */
    @Test
    void thePackagePagesFormsKeepTheDesignersFormMeasure() throws IOException {
        signIn();
        Map<String, String> forms = new java.util.LinkedHashMap<>();
        forms.put("/packages/demo", "#new-entity-form, form[action$='/commit'], form[action$='/diff'], form[action$='/export']");
        forms.put("/entities/new", "#new-entity-form");
        forms.put("/packages/new", "#new-package-form");
        forms.put("/environments", "#new-environment");
        java.util.Set<Long> widths = new java.util.TreeSet<>();
        for (int width : new int[] {1400, 800}) {
            driver.manage().window().setSize(new Dimension(width, 1000));
            for (Map.Entry<String, String> page : forms.entrySet()) {
                driver.get("http://localhost:" + port + page.getKey());
                HeadlessChromium.waiting(driver, Duration.ofSeconds(20)).until(d -> (Boolean) ((JavascriptExecutor) d).executeScript(
                        "return document.readyState === 'complete' && document.querySelectorAll(arguments[0]).length === arguments[1];",
                        page.getValue(), page.getValue().split(",").length));
                List<?> boxes = (List<?>) ((JavascriptExecutor) driver).executeScript("""
                        return Array.from(document.querySelectorAll(arguments[0])).map(f => {
                          const r = f.getBoundingClientRect();
                          return [Math.round(r.width), Math.round(r.right), document.documentElement.clientWidth]; });""",
                        page.getValue());
                for (Object box : boxes) {
                    List<?> b = (List<?>) box;
                    long formWidth = ((Number) b.get(0)).longValue();
                    assertThat(((Number) b.get(1)).longValue()).as("%s at %d px: a form's right edge", page.getKey(), width)
                            .isLessThanOrEqualTo(((Number) b.get(2)).longValue());
                    if (width == 1400) {
                        widths.add(formWidth);
                    }
                }
                shoot("layout-forms" + page.getKey().replace('/', '-') + "-" + width, width);
            }
        }
        // One measure (42rem: under half the window, about 80 characters of the form's type),
        // not the window's 1,370 px.
        assertThat(widths).as("the widths of the forms at 1400 px").hasSize(1)
                .allSatisfy(w -> assertThat(w).as("the measure").isBetween(500L, 760L));
    }

    /** Ctrl-K opens the palette from any page; typing finds objects by the global search; Enter goes there. */
    @Test
    void theCommandPaletteJumpsToAnObjectAndEntitiesAndLoadsLinkEachOther() throws IOException {
        signIn();
        driver.get("http://localhost:" + port + "/configuration");
        HeadlessChromium.waiting(driver, Duration.ofSeconds(20)).until(d -> ((JavascriptExecutor) d)
                .executeScript("return !!window.LoadsmithPalette"));
        new org.openqa.selenium.interactions.Actions(driver).keyDown(org.openqa.selenium.Keys.CONTROL).sendKeys("k")
                .keyUp(org.openqa.selenium.Keys.CONTROL).perform();
        WebDriverWait wait = HeadlessChromium.waiting(driver, Duration.ofSeconds(20));
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("palette-q"))).sendKeys("scd2");
        // The list is drawn again as results arrive: read it in one script, never through stale elements.
        wait.until(d -> paletteItems().contains("Template scd2"));
        assertThat(paletteItems()).contains("Template scd2", "Entity type DIM_SCD2", "Load load_d_vessel_scd2");
        shoot("layout-palette-1400", 1400);
        // Places too: a package with its deployments and lineage, an environment, an entity's lineage.
        driver.findElement(By.id("palette-q")).clear();
        driver.findElement(By.id("palette-q")).sendKeys("demo");
        wait.until(d -> paletteItems().contains("Deployments demo"));
        assertThat(paletteItems()).contains("Package demo", "Deployments demo", "Lineage demo");
        driver.findElement(By.id("palette-q")).clear();
        driver.findElement(By.id("palette-q")).sendKeys("prod");
        wait.until(d -> paletteItems().contains("Environment prod"));
        driver.findElement(By.id("palette-q")).clear();
        driver.findElement(By.id("palette-q")).sendKeys("D_VESSEL");
        wait.until(d -> paletteItems().contains("Lineage publish.D_VESSEL_SCD2"));
        driver.findElement(By.id("palette-q")).clear();
        driver.findElement(By.id("palette-q")).sendKeys("load_d_vessel");
        wait.until(d -> paletteItems().contains("Load load_d_vessel_scd2"));
        // Arrow down until the load is the chosen row (the list may be redrawn while results arrive).
        wait.until(d -> {
            try {
                List<org.openqa.selenium.WebElement> chosen = d.findElements(By.cssSelector("#palette-list li[aria-selected=true] a"));
                if (!chosen.isEmpty() && chosen.get(0).getText().startsWith("Load load_d_vessel_scd2")) {
                    return true;
                }
                d.findElement(By.id("palette-q")).sendKeys(org.openqa.selenium.Keys.ARROW_DOWN);
            } catch (org.openqa.selenium.StaleElementReferenceException e) {
                // drawn again: look once more
            }
            return false;
        });
        driver.findElement(By.id("palette-q")).sendKeys(org.openqa.selenium.Keys.ENTER);
        wait.until(d -> d.getCurrentUrl().matches(".*/loads/\\d+$"));

        // The load links to its target; the target lists the load as its writer.
        wait.until(ExpectedConditions.elementToBeClickable(By.id("load-target-link"))).click();
        wait.until(d -> d.getCurrentUrl().matches(".*/entities/\\d+$"));
        assertThat(driver.findElements(By.cssSelector("#entity-related a.written-by")).stream().map(a -> a.getText()))
                .containsExactly("load_d_vessel_scd2");
    }

    /** The first line of each palette entry; the list is redrawn as results arrive, so a stale read is tried again. */
    private List<String> paletteItems() {
        for (int attempt = 0; ; attempt++) {
            try {
                return driver.findElements(By.cssSelector("#palette-list li a")).stream()
                        .map(a -> a.getText().split("\n")[0]).toList();
            } catch (org.openqa.selenium.StaleElementReferenceException e) {
                if (attempt == 20) {
                    throw e;
                }
            }
        }
    }

    /** A version of the demo, then a changed line in a multi-line step of its load. */
    /**
     * Below 1000 px the editor stacks: the preview docks at the bottom of the window while the steps
     * scroll above it, in the lower half; Hide folds it to its heading for the tab (a live update
     * replaces it, a reload starts over). At 1400 px it is the right-hand column, without the button.
     */
    @Test
    void at800PxThePreviewStaysInSightUnderTheStepsAndFoldsForTheTab() throws IOException {
        signIn();
        JavascriptExecutor js = driver;
        driver.manage().window().setSize(new Dimension(800, 900));
        driver.get("http://localhost:" + port + "/loads/" + loads.list(null).get(0).id());
        HeadlessChromium.waiting(driver, Duration.ofSeconds(20)).until(ExpectedConditions.presenceOfElementLocated(By.id("fold-preview")));
        js.executeScript("document.querySelector('#load-form li.step').scrollIntoView({block: 'start'});");
        List<?> docked = (List<?>) js.executeScript("var p = document.getElementById('preview');"
                + " var r = p.getBoundingClientRect(); return [r.top, r.bottom, window.innerHeight,"
                + " document.getElementById('load-form').getBoundingClientRect().bottom];");
        double top = ((Number) docked.get(0)).doubleValue();
        double bottom = ((Number) docked.get(1)).doubleValue();
        double window = ((Number) docked.get(2)).doubleValue();
        assertThat(((Number) docked.get(3)).doubleValue()).as("its place, after the form, is far below the window")
                .isGreaterThan(2 * window);
        assertThat(top).as("in sight, in the lower half").isBetween(window / 2, window - 150);
        assertThat(bottom).isLessThanOrEqualTo(window + 1);
        shoot("layout-load-800-docked", 800);

        driver.findElement(By.id("fold-preview")).click();
        assertThat(driver.findElement(By.id("fold-preview")).getText()).isEqualTo("Show");
        assertThat(driver.findElement(By.id("fold-preview")).getDomAttribute("aria-expanded")).isEqualTo("false");
        assertThat(((Number) js.executeScript("return document.getElementById('preview').getBoundingClientRect().height"))
                .doubleValue()).as("folded to its heading").isLessThan(80);
        driver.navigate().refresh();
        HeadlessChromium.waiting(driver, Duration.ofSeconds(20)).until(ExpectedConditions.presenceOfElementLocated(By.id("fold-preview")));
        assertThat(driver.findElement(By.id("preview")).getDomAttribute("class")).contains("folded");
        driver.findElement(By.id("fold-preview")).click();
        assertThat(driver.findElement(By.id("preview")).getDomAttribute("class")).doesNotContain("folded");

        driver.manage().window().setSize(new Dimension(1400, 1000));
        assertThat(driver.findElement(By.id("fold-preview")).isDisplayed()).isFalse();
        assertThat(driver.findElement(By.id("preview")).getRect().getX()).as("the right-hand column").isGreaterThan(600);
    }

    private void changeTheDemoAfterACommit() {
        versions.commit(packages.list("demo").get(0).id(), "before the layout test");
        LoadResponse load = loads.list(null).get(0);
        List<StepJson> steps = new ArrayList<>(load.steps());
        int multiLine = 0;
        while (!steps.get(multiLine).text().contains("\n")) {
            multiLine++;
        }
        StepJson step = steps.get(multiLine);
        String text = step.text().replaceFirst("\n(\\s*)SELECT", "\n$1SELECT /* changed in the layout test */");
        steps.set(multiLine, new StepJson(step.name(), step.type(), text));
        loads.update(load.id(), new LoadRequest(load.version(), load.name(), load.target(), load.loadType(),
                load.description(), load.sources(), steps, load.options()));
    }

    private void dark(boolean on) {
        chromium.colorScheme(on);
    }

    private void signIn() {
        driver.manage().window().setSize(new Dimension(1400, 1000));
        if (signedIn) {
            return;
        }
        signedIn = true;
        chromium.signIn("http://localhost:" + port);
    }

    /** The whole page in one picture: the window as tall as the document, at most 2400 px. */
    private void shoot(String name, int width) throws IOException {
        chromium.shoot(name, width, 2400);
    }
}
