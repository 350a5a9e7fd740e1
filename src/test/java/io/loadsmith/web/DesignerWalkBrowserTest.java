package io.loadsmith.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

import io.loadsmith.entity.EntityService;
import io.loadsmith.entity.AttributeJson;
import io.loadsmith.entity.EntityRequest;
import io.loadsmith.entitytype.AttributeTypeService;
import io.loadsmith.entitytype.DefaultAttributeService;
import io.loadsmith.entitytype.EntityTypeService;
import io.loadsmith.entitytype.LoadType;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.entitytype.AttributeTypeRequest;
import io.loadsmith.entitytype.DefaultAttributeRequest;
import io.loadsmith.entitytype.EntityTypeRequest;
import io.loadsmith.generation.model.StepType;
import io.loadsmith.load.StepJson;
import io.loadsmith.preset.LoadPresetService;
import io.loadsmith.preset.PresetRequest;

/**
 * Issue 15's walk, as a new user does it in headless Chromium: sign in, a new package, a new entity
 * from a type with four default attributes, a new load calling the shipped snapshot template with
 * typed parameters (a select, a column picker), the preview updating while typing, a dialect switch,
 * a commit and the SQL package zip. Every user action is counted; screenshots at 1400 and 800 px;
 * no page scrolls sideways at 1400 px. Skips where Chromium and chromedriver are not installed.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestPropertySource(properties = {
        "spring.datasource.url=jdbc:h2:mem:walk;DB_CLOSE_DELAY=-1",
        "spring.flyway.locations=classpath:db/migration",
        "loadsmith.admin.password=" + io.loadsmith.security.TestAccounts.PASSWORD})
class DesignerWalkBrowserTest {

    private static HeadlessChromium chromium;
    private static ChromeDriver driver;

    @LocalServerPort
    int port;

    @Autowired
    AttributeTypeService attributeTypes;

    @Autowired
    DefaultAttributeService defaultAttributes;

    @Autowired
    EntityTypeService entityTypes;

    @Autowired
    EntityService entities;

    @Autowired
    LoadPresetService presets;

    private int interactions;
    private final List<String> sideways = new ArrayList<>();

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

    @Test
    void fromSignInToTheSqlPackageZip() throws IOException {
        configure();
        WebDriverWait wait = HeadlessChromium.waiting(driver, Duration.ofSeconds(20));

        open("/login");
        type(By.id("username"), "admin");
        type(By.id("password"), io.loadsmith.security.TestAccounts.PASSWORD);
        click(By.cssSelector("main form button[type=submit]"));
        wait.until(d -> !d.getCurrentUrl().contains("/login"));
        look("walk-home");

        // A package, from the home page's own form.
        type(By.id("package-name"), "shipping");
        click(By.id("create-package"));
        wait.until(d -> d.getCurrentUrl().endsWith("/packages/shipping"));
        // An entity of type SNAP in it, from the form the package page shows in place: four attributes at once.
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("new-entity-form")));
        look("walk-package");
        select(By.id("entityType"), "SNAP");
        wait.until(d -> d.findElements(By.cssSelector("#type-defaults li")).size() == 4);
        type(By.id("logicalName"), "SHIP");
        // The type's default preset makes its load too (ticked by default), and the walk lands on it.
        assertThat(driver.findElement(By.id("loadPreset")).isSelected()).isTrue();
        look("walk-entity-new");
        click(By.cssSelector("#new-entity-form button[type=submit]"));
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("load-form")));
        assertThat(driver.findElement(By.tagName("h1")).getText()).isEqualTo("load_d_ship");
        assertThat(driver.findElement(By.id("load-commit")).getText()).contains("shipping");
        // The preset's step: the snapshot template with typed parameters (a select, the key from the target's columns).
        assertThat(new Select(driver.findElement(By.id("step-0-param-strategy"))).getFirstSelectedOption().getText()).isEqualTo("check");
        assertThat(driver.findElements(By.cssSelector("#step-0-param-unique_key input[type=checkbox]")))
                .extracting(e -> e.getDomProperty("value")).containsExactly("ship_id", "ship_name", "valid_from", "valid_to");
        assertThat(driver.findElement(By.cssSelector("#step-0-param-unique_key input[value=ship_id]")).isSelected()).isTrue();
        look("walk-load-from-preset");
        // The source is outside the package (a package exports only its own entities): named, not picked.
        // The preview follows the typing, before any save.
        WebElement pane = driver.findElement(By.id("preview"));
        type(By.id("step-0-param-source"), "staging.S_SHIP");
        wait.until(ExpectedConditions.stalenessOf(pane));
        wait.until(d -> previewSql() != null && previewSql().contains("D_SHIP"));
        assertThat(driver.findElement(By.id("load-form")).getDomAttribute("data-dirty")).isEqualTo("true");
        assertThat(driver.findElement(By.cssSelector("#load-form .unsaved")).getText()).contains("not saved yet");
        look("walk-load-typed");

        // Another dialect: the form on screen, still unsaved.
        pane = driver.findElement(By.id("preview"));
        select(By.id("preview-dialect"), "duckdb");
        wait.until(ExpectedConditions.stalenessOf(pane));
        wait.until(d -> previewSql() != null && previewSql().contains("D_SHIP"));
        assertThat(new Select(driver.findElement(By.id("preview-dialect"))).getFirstSelectedOption().getText()).isEqualTo("duckdb");
        // Save and commit the package, as the signed-in user, from the load page; then the SQL package of that version.
        type(By.id("commitMessage"), "first version");
        clickAndWaitForSwap("commit-load");
        assertThat(driver.findElement(By.cssSelector("#load-editor .saved")).getText())
                .isEqualTo("Saved and committed as version 1.");
        look("walk-committed");
        interactions++; // Download zip: fetched here, as a headless browser saves no download
        String zip = (String) js("var x = new XMLHttpRequest(); x.open('GET', document.getElementById('export-zip').href, false); x.send();"
                + "return x.status + ' ' + x.getResponseHeader('Content-Type') + ' ' + x.responseText.substring(0, 2);");
        assertThat(zip).startsWith("200 application/zip PK");
        assertThat(driver.findElement(By.id("export-zip")).getDomAttribute("href")).contains("version=1", "dialect=duckdb");
        // A check after the walk, not one of its steps: the version is on the package page, by the signed-in user.
        driver.get("http://localhost:" + port + "/packages/shipping");
        assertThat(driver.findElement(By.id("versions")).getText()).contains("admin", "first version");

        System.out.println("Issue 15 walk: " + interactions + " interactions; sideways at 1400 px: " + sideways);
        assertThat(sideways).as("pages that scroll horizontally at 1400 px").isEmpty();
        assertThat(interactions).as("interactions of the walk").isLessThanOrEqualTo(WALK_BUDGET);
    }

    /** What the walk takes today; issue 15 asks for at most 15 (see docs/designer.md). */
    static final int WALK_BUDGET = 14;

    private void configure() {
        List.of("BK", "DESCR", "VALID_FROM", "VALID_TO").forEach(t -> attributeTypes.create(new AttributeTypeRequest(null, t, null, null)));
        defaultAttribute("BK", "<entity_logical_name>_id", "INTEGER4", null);
        defaultAttribute("DESCR", "<entity_logical_name>_name", "VARCHAR", 100);
        defaultAttribute("VALID_FROM", "valid_from", "TIMESTAMP", null);
        defaultAttribute("VALID_TO", "valid_to", "TIMESTAMP", null);
        entityTypes.create(new EntityTypeRequest(null, "SNAP", null, "D_", null, "publish", PhysicalType.TABLE, null,
                List.of("BK", "DESCR", "VALID_FROM", "VALID_TO").stream().map(t -> new EntityTypeRequest.DefaultAttributeRef(t, null)).toList(),
                List.of(new EntityTypeRequest.LoadTypeJson(PhysicalType.TABLE, LoadType.TRANSFORM_PERSIST))));
        entities.create(new EntityRequest(null, "S_SHIP", "S_SHIP", "staging", null, PhysicalType.TABLE, null, null, null,
                List.of(new AttributeJson("ship_id", "INTEGER4", null, null, null, null, null, null),
                        new AttributeJson("ship_name", "VARCHAR", 100, null, null, null, null, null))));
        // The type's default load: a snapshot by check on every column (configuration, as the type itself).
        presets.create(new PresetRequest(null, "snapshot_check", null, null,
                List.of(new StepJson("snapshot", StepType.OVERRIDE,
                        "<ftltemplate:snapshot:strategy=check:unique_key=ship_id:check_columns=*>")), null,
                List.of(new PresetRequest.Use("SNAP", LoadType.TRANSFORM_PERSIST, 1, true))));
    }

    private void defaultAttribute(String code, String nameTemplate, String datatype, Integer length) {
        defaultAttributes.create(new DefaultAttributeRequest(null, code, nameTemplate, datatype, length, null, null, true,
                code, null));
    }

    private void open(String path) {
        interactions++;
        driver.get("http://localhost:" + port + path);
    }

    private void type(By field, String text) {
        interactions++;
        driver.findElement(field).sendKeys(text);
    }

    private void click(By what) {
        interactions++;
        driver.findElement(what).click();
    }

    private void select(By what, String value) {
        interactions++;
        new Select(driver.findElement(what)).selectByValue(value);
    }

    private void clickAndWaitForSwap(String buttonId) {
        WebElement editor = driver.findElement(By.id("load-editor"));
        click(By.id(buttonId));
        WebDriverWait wait = HeadlessChromium.waiting(driver, Duration.ofSeconds(20));
        wait.until(ExpectedConditions.stalenessOf(editor));
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("load-editor")));
    }

    private String previewSql() {
        return (String) js("var p = document.getElementById('preview-sql'); return p ? p.textContent : null;");
    }

    /** Screenshots at 1400 and 800 px, and whether the page scrolls sideways at 1400. */
    private void look(String name) throws IOException {
        if ((Boolean) js("return document.documentElement.scrollWidth > document.documentElement.clientWidth;")) {
            sideways.add(name);
        }
        shot(name + "-1400");
        driver.manage().window().setSize(new Dimension(800, 1000));
        shot(name + "-800");
        driver.manage().window().setSize(new Dimension(1400, 1000));
    }

    private void shot(String name) throws IOException {
        Files.copy(((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE).toPath(),
                HeadlessChromium.SCREENSHOTS.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
    }

    private Object js(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }
}
