package io.loadsmith.tryit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

import io.loadsmith.entity.EntityService;
import io.loadsmith.entity.AttributeJson;
import io.loadsmith.entity.EntityRequest;
import io.loadsmith.entity.EntityResponse;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.load.LoadService;
import io.loadsmith.web.HeadlessChromium;
import io.loadsmith.load.LoadRequest;
import io.loadsmith.load.StepJson;
import io.loadsmith.generation.model.StepType;

/**
 * In a real headless Chromium on the demo store: the vessel load tried from its page with three
 * batches (a new key, a change and a new key, nothing new), the key's versions on screen; then the
 * lineage of the demo package and of a three-level chain, clicked through to an entity; a template
 * load reading an entity of the model, with generated typed rows and a pasted CSV's bad cell named.
 * Screenshots at 1400 and 800 px go to target/screenshots. Skips without Chromium and chromedriver.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestPropertySource(properties = {
        "spring.datasource.url=jdbc:h2:mem:trybrowser;DB_CLOSE_DELAY=-1",
        "loadsmith.admin.password=" + io.loadsmith.security.TestAccounts.PASSWORD})
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TryItBrowserTest {

    private static final Path SCREENSHOTS = HeadlessChromium.SCREENSHOTS;
    private static final String HUB = "rdv.h_marine_vessel_mmsi";
    private static final String NAMES = "rdv.s_marine_vessel_mmsi_digitraffic_c";

    private static HeadlessChromium chromium;
    private static ChromeDriver driver;
    private static boolean signedIn;

    @LocalServerPort
    int port;

    @Autowired
    LoadService loads;

    @Autowired
    EntityService entities;

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

    @BeforeEach
    void signIn() {
        driver.manage().window().setSize(new Dimension(1400, 1000));
        if (signedIn) {
            return;
        }
        open("/loads");
        wait(20).until(ExpectedConditions.presenceOfElementLocated(By.id("username")));
        driver.findElement(By.id("username")).sendKeys("admin");
        driver.findElement(By.id("password")).sendKeys(io.loadsmith.security.TestAccounts.PASSWORD);
        driver.findElement(By.cssSelector("main form button[type=submit]")).click();
        wait(20).until(d -> d.getCurrentUrl().contains("/loads") && !d.getCurrentUrl().contains("/login"));
        signedIn = true;
    }

    @Test
    @Order(1)
    void vesselDemoTriedWithThreeBatchesShowsTheKeysVersions() throws IOException {
        // From the load's page, one click to the try panel.
        open("/loads");
        driver.findElement(By.linkText("load_d_vessel_scd2")).click();
        wait(20).until(ExpectedConditions.presenceOfElementLocated(By.id("load-try"))).click();
        wait(20).until(ExpectedConditions.presenceOfElementLocated(By.id("run-batch")));
        assertThat(driver.findElement(By.id("run-batch")).getText()).isEqualTo("Run batch 1");

        // Batch 1: vessel A, pasted as CSV.
        pasteCsv(HUB, "dv_id,business_key,dv_source_system\n" + TryLoads.A + ",230000001,ais");
        pasteCsv(NAMES, "dv_id,name\n" + TryLoads.A + ",Sea Explorer");
        run(1);
        assertThat(changes(1)).containsExactly("new");

        // Batch 2, in the grid: A renamed, and a new vessel B.
        cell(NAMES, 1, "name").clear();
        cell(NAMES, 1, "name").sendKeys("Sea Explorer XL");
        addRow(HUB);
        cell(HUB, 2, "dv_id").sendKeys(TryLoads.B);
        cell(HUB, 2, "business_key").sendKeys("257000002");
        cell(HUB, 2, "dv_source_system").sendKeys("ais");
        addRow(NAMES);
        cell(NAMES, 2, "dv_id").sendKeys(TryLoads.B);
        cell(NAMES, 2, "name").sendKeys("Nordic Star");
        run(2);
        assertThat(changes(2)).containsExactly("closed", "new", "new");

        // Batch 3: the same rows again change nothing.
        run(3);
        assertThat(changes(3)).containsExactly("unchanged", "unchanged", "unchanged");
        List<String> names = driver.findElements(By.cssSelector("#batch-3 table.try-result tbody tr")).stream()
                .map(WebElement::getText).toList();
        assertThat(names.get(0)).contains("Sea Explorer", TryLoads.A).doesNotContain("XL");
        assertThat(names.get(1)).contains("Sea Explorer XL", TryLoads.A);
        assertThat(names.get(2)).contains("Nordic Star", TryLoads.B);
        assertThat(driver.findElement(By.cssSelector("#batch-3 summary")).getText())
                .contains("0 new, 0 closed, 0 changed, 3 unchanged");

        // Batch 2's versions, as the screenshots show them.
        js("document.querySelectorAll('details.try-batch').forEach(d => d.open = d.id === 'batch-2');");
        scrollTo(By.id("batch-2"));
        screenshot("try-vessel-1400");
        driver.manage().window().setSize(new Dimension(800, 1000));
        scrollTo(By.id("batch-2"));
        screenshot("try-vessel-800");

        // Start over: back to batch 1, the rows stay.
        swap(driver.findElement(By.id("start-over")));
        assertThat(driver.findElement(By.id("run-batch")).getText()).isEqualTo("Run batch 1");
        assertThat(cell(NAMES, 2, "name").getDomProperty("value")).isEqualTo("Nordic Star");
    }

    @Test
    @Order(2)
    void aStatementDuckDbCannotRunIsShownWithItsMessage() throws IOException {
        long id = chain("OTHER", List.of()).get("load1");
        LoadRequest snowflakeOnly = new LoadRequest(loads.get(id).version(), loads.get(id).name(), loads.get(id).target(),
                null, null, List.of(), List.of(new StepJson("snowflake_only", StepType.OVERRIDE,
                "ALTER SESSION SET TIMEZONE = 'UTC';")), Map.of());
        loads.update(id, snowflakeOnly);
        open("/loads/" + id + "/try");
        wait(20).until(ExpectedConditions.presenceOfElementLocated(By.id("run-batch"))).click();
        WebElement failure = wait(20).until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#batch-1 .try-failure")));
        assertThat(failure.getText()).contains("Step 1 (snowflake_only) failed", "ALTER SESSION SET TIMEZONE", "syntax error");
        screenshot("try-failure-1400");
    }

    @Test
    @Order(3)
    void lineageOfTheDemoAndOfAThreeLevelChainClickedThroughToAnEntity() throws IOException {
        open("/packages/demo");
        wait(20).until(ExpectedConditions.presenceOfElementLocated(By.id("package-lineage"))).click();
        waitForGraph();
        assertThat(graphLabels()).contains("publish.D_VESSEL_SCD2", "load_d_vessel_scd2", "rdv.h_marine_vessel_mmsi")
                .hasSizeGreaterThanOrEqualTo(9);
        // Every label at least 11 px on screen: as laid out, at 800 px, and zoomed out by hand.
        assertThat(smallestLabelPx()).as("the smallest label on screen, px").isGreaterThanOrEqualTo(11);
        screenshot("lineage-demo-1400");
        driver.manage().window().setSize(new Dimension(800, 1000));
        open("/packages/demo");
        wait(20).until(ExpectedConditions.presenceOfElementLocated(By.id("package-lineage"))).click();
        waitForGraph();
        assertThat(smallestLabelPx()).as("the smallest label on screen at 800 px").isGreaterThanOrEqualTo(11);
        screenshot("lineage-demo-800");
        js("window.loadsmithLineage.zoom(0.3);");
        assertThat(smallestLabelPx()).as("the smallest label zoomed out to 0.3").isGreaterThanOrEqualTo(11);
        driver.manage().window().setSize(new Dimension(1400, 1000));

        // A chain: raw.A -> load1 -> stage.B -> load2 -> mart.C, in a package of its own.
        Map<String, Long> chain = chain("CHAIN", List.of("x"));
        open("/entities/" + chain.get("B") + "/lineage");
        waitForGraph();
        assertThat(graphLabels()).containsExactlyInAnyOrder("raw.CHAIN_A", "chain_load1", "stage.CHAIN_B", "chain_load2",
                "mart.CHAIN_C");
        screenshot("lineage-chain-1400");
        driver.manage().window().setSize(new Dimension(800, 1000));
        open("/entities/" + chain.get("B") + "/lineage");
        waitForGraph();
        screenshot("lineage-chain-800");

        // Clicking the last entity on the canvas opens its page.
        clickNode("entity:" + chain.get("C"));
        wait(20).until(d -> d.getCurrentUrl().endsWith("/entities/" + chain.get("C")));
        assertThat(driver.findElement(By.tagName("h1")).getText()).isEqualTo("mart.CHAIN_C");
    }

    @Test
    @Order(4)
    void aTemplateLoadReadingAModelEntityGetsTypedRowsAndABadCsvCellIsNamed() throws IOException {
        EntityResponse target = entities.create(new EntityRequest(null, "TRYPAGE", null, null, "DIM_SCD2", null, null,
                null, null, List.of(new AttributeJson("ordered_at", "TIMESTAMP", null, null, null, false, null, null),
                new AttributeJson("amount", "DECIMAL", null, 12, 2, true, null, null))));
        String temp = target.schema() + ".S_" + target.name();
        entities.create(new EntityRequest(null, "S_" + target.name(), "S_" + target.name(), target.schema(), null,
                PhysicalType.TABLE, null, null, null, List.of(new AttributeJson("trypage_id", "CHAR", 32, null, null, false, null, null),
                new AttributeJson("ordered_at", "TIMESTAMP", null, null, null, false, null, null),
                new AttributeJson("amount", "DECIMAL", null, 12, 2, true, null, null),
                new AttributeJson("valid_from", "TIMESTAMP", null, null, null, false, null, null))));
        long id = loads.create(new LoadRequest(null, "try_page_template", target.qualifiedName(), null, null, List.of(),
                List.of(new StepJson("merge", StepType.OVERRIDE, "<ftltemplate:scd2:temp_table_prefix=S_>")), Map.of())).id();

        open("/loads/" + id + "/try");
        wait(20).until(ExpectedConditions.presenceOfElementLocated(By.id("run-batch")));
        assertThat(input(temp).findElement(By.cssSelector("summary small")).getText()).startsWith("entity of the model");
        assertThat(driver.findElements(By.cssSelector(".try-notes li"))).isEmpty();
        swap(input(temp).findElement(By.xpath(".//button[text()='Generate 3 rows']")));
        assertThat(cell(temp, 1, "ordered_at").getDomProperty("value")).isEqualTo("2024-01-01 00:00:00");
        run(1);
        assertThat(changes(1)).containsExactly("new", "new", "new");

        pasteCsv(temp, "trypage_id,ordered_at,amount,valid_from\nk1,tomorrow,1.5,2024-01-01 00:00:00");
        assertThat(driver.findElement(By.id("try-problem")).getText())
                .contains("row 1, column ordered_at: 'tomorrow' is not of type TIMESTAMP");
        assertThat(cell(temp, 1, "ordered_at").getDomProperty("value")).isEqualTo("2024-01-01 00:00:00");
        assertThat(input(temp).findElement(By.tagName("textarea")).getDomProperty("value")).contains("k1,tomorrow");
        screenshot("try-template-1400");
        driver.manage().window().setSize(new Dimension(800, 1000));
        screenshot("try-template-800");
    }

    /** raw.{P}_A → {p}_load1 → stage.{P}_B → {p}_load2 → mart.{P}_C; load1 reads A in its SQL, load2 as a source. */
    private Map<String, Long> chain(String prefix, List<String> columns) {
        String p = prefix.toLowerCase();
        long a = entity("raw", prefix + "_A");
        long b = entity("stage", prefix + "_B");
        long c = entity("mart", prefix + "_C");
        long load1 = loads.create(new LoadRequest(null, p + "_load1", "stage." + prefix + "_B", null, null, List.of(),
                List.of(new StepJson("copy", StepType.OVERRIDE,
                        "INSERT INTO <target_schema>.<target_entity_name> SELECT x FROM raw." + prefix + "_A;")), Map.of())).id();
        long load2 = loads.create(new LoadRequest(null, p + "_load2", "mart." + prefix + "_C", null, null,
                List.of("stage." + prefix + "_B"), List.of(new StepJson("copy", StepType.OVERRIDE,
                "INSERT INTO <target_schema>.<target_entity_name> SELECT x FROM <source_entity_schema>.<source_entity_name>;")),
                Map.of())).id();
        return Map.of("A", a, "B", b, "C", c, "load1", load1, "load2", load2);
    }

    private long entity(String schema, String name) {
        return entities.create(new EntityRequest(null, name, name, schema, null, PhysicalType.TABLE, null, null, null,
                List.of(new AttributeJson("x", "VARCHAR", 100, null, null, true, null, null)))).id();
    }

    private void waitForGraph() {
        wait(20).until(d -> Boolean.TRUE.equals(js("return !!window.loadsmithLineage;")));
    }

    /** The smallest node label as drawn: its font size times the graph's zoom. */
    private double smallestLabelPx() {
        return ((Number) js("var cy = window.loadsmithLineage; return Math.min.apply(null, cy.nodes()"
                + ".map(n => parseFloat(n.style('font-size')) * cy.zoom()));")).doubleValue();
    }

    @SuppressWarnings("unchecked")
    private List<String> graphLabels() {
        return (List<String>) js("return window.loadsmithLineage.nodes().map(n => n.data('label'));");
    }

    private void clickNode(String id) {
        WebElement box = driver.findElement(By.id("lineage-graph"));
        scrollTo(By.id("lineage-graph"));
        @SuppressWarnings("unchecked")
        Map<String, Number> at = (Map<String, Number>) js("return window.loadsmithLineage.getElementById(arguments[0]).renderedPosition();", id);
        int x = at.get("x").intValue() - box.getSize().getWidth() / 2;
        int y = at.get("y").intValue() - box.getSize().getHeight() / 2;
        new Actions(driver).moveToElement(box, x, y).click().perform();
    }

    private void pasteCsv(String table, String csv) {
        WebElement input = input(table);
        input.findElement(By.cssSelector("details.try-csv summary")).click();
        WebElement area = input.findElement(By.tagName("textarea"));
        area.clear();
        area.sendKeys(csv);
        swap(input.findElement(By.cssSelector("details.try-csv button")));
    }

    private void addRow(String table) {
        swap(input(table).findElement(By.xpath(".//button[text()='Add row']")));
    }

    private void run(int batch) {
        swap(driver.findElement(By.id("run-batch")));
        wait(30).until(ExpectedConditions.presenceOfElementLocated(By.id("batch-" + batch)));
    }

    /** Clicks a button of the try panel and waits for htmx to replace the panel. */
    private void swap(WebElement button) {
        WebElement panel = driver.findElement(By.id("try-panel"));
        js("arguments[0].scrollIntoView({block: 'center'});", button);
        button.click();
        wait(30).until(ExpectedConditions.stalenessOf(panel));
        wait(30).until(ExpectedConditions.presenceOfElementLocated(By.id("try-panel")));
    }

    private WebElement input(String table) {
        return driver.findElements(By.cssSelector("details.try-input")).stream()
                .filter(d -> d.findElement(By.cssSelector("summary strong")).getText().equals(table)).findFirst().orElseThrow();
    }

    private WebElement cell(String table, int row, String column) {
        return driver.findElement(By.cssSelector("input[aria-label='" + table + " row " + row + " " + column + "']"));
    }

    private List<String> changes(int batch) {
        return driver.findElements(By.cssSelector("#batch-" + batch + " table.try-result tbody tr td:first-child")).stream()
                .map(e -> e.getAttribute("textContent").strip()).toList();
    }

    private void scrollTo(By by) {
        js("arguments[0].scrollIntoView({block: 'start'});", driver.findElement(by));
    }

    private WebDriverWait wait(int seconds) {
        return HeadlessChromium.waiting(driver, Duration.ofSeconds(seconds));
    }

    private void open(String path) {
        driver.get("http://localhost:" + port + path);
    }

    private Object js(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }

    private void screenshot(String name) throws IOException {
        Path file = ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE).toPath();
        Files.copy(file, SCREENSHOTS.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
    }
}
