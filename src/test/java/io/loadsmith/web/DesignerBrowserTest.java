package io.loadsmith.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
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

import io.loadsmith.entitytype.AttributeTypeService;
import io.loadsmith.entitytype.DefaultAttributeService;
import io.loadsmith.entitytype.EntityTypeService;
import io.loadsmith.entitytype.LoadType;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.entitytype.AttributeTypeRequest;
import io.loadsmith.entitytype.DefaultAttributeRequest;
import io.loadsmith.entitytype.EntityTypeRequest;
import io.loadsmith.engine.Golden;

/**
 * The seed's vessel example built by hand in a real headless Chromium, against the whole application
 * on an empty in-memory store: entity by type, business attributes, the four-step load with the scd2
 * template step, the Snowflake preview equal to the golden SQL, a broken template parameter shown at
 * its step, and the fix. Skips where Chromium and chromedriver are not installed.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestPropertySource(properties = {
        "spring.datasource.url=jdbc:h2:mem:browser;DB_CLOSE_DELAY=-1",
        "spring.flyway.locations=classpath:db/migration",
        "loadsmith.admin.password=" + io.loadsmith.security.TestAccounts.PASSWORD})
class DesignerBrowserTest {

    private static final Path SCREENSHOTS = HeadlessChromium.SCREENSHOTS;

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
    void vesselScd2DesignedInTheBrowserGeneratesTheSeedSql() throws IOException {
        configureDimScd2();
        WebDriverWait wait = HeadlessChromium.waiting(driver, Duration.ofSeconds(20));

        // Anonymous visitors are sent to the sign-in page, and come back to the page they asked for.
        open("/entities");
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("username")));
        screenshot("sign-in");
        driver.findElement(By.id("username")).sendKeys("admin");
        driver.findElement(By.id("password")).sendKeys(io.loadsmith.security.TestAccounts.PASSWORD);
        driver.findElement(By.cssSelector("main form button[type=submit]")).click();
        wait.until(d -> d.getCurrentUrl().contains("/entities") && !d.getCurrentUrl().contains("/login"));

        // Home, and the shortcut list on "?".
        open("/");
        driver.findElement(By.tagName("body")).sendKeys("?");
        wait.until(d -> (Boolean) js("return document.getElementById('shortcuts').open;"));
        driver.findElement(By.cssSelector("#shortcuts form[method=dialog] button")).click();

        // An entity of type DIM_SCD2 named VESSEL gets its six default attributes at once.
        open("/entities/new");
        new Select(driver.findElement(By.id("entityType"))).selectByValue("DIM_SCD2");
        wait.until(d -> d.findElements(By.cssSelector("#type-defaults li")).size() == 6);
        driver.findElement(By.id("logicalName")).sendKeys("VESSEL");
        // DIM_SCD2 offers the shipped preset scd2_from_source for its load; this walk writes the seed's steps by hand.
        driver.findElement(By.id("loadPreset")).click();
        assertThat(driver.findElement(By.id("loadPreset")).isSelected()).isFalse();
        screenshot("entity-new");
        driver.findElement(By.cssSelector("#new-entity-form button[type=submit]")).click();
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("entity-form")));
        assertThat(driver.findElement(By.tagName("h1")).getText()).isEqualTo("publish.D_VESSEL_SCD2");
        assertThat(attributeNames()).containsExactly("vessel_scd_id", "vessel_id", "datahash", "valid_from",
                "valid_to", "validity_status");

        // The business attributes.
        String[][] business = {{"mmsi_key", "INTEGER8", ""}, {"vessel_name", "VARCHAR", "200"},
                {"vessel_type_code", "INTEGER4", ""}, {"vessel_type", "VARCHAR", "200"}, {"country_code", "VARCHAR", "10"},
                {"country", "VARCHAR", "100"}, {"source_system", "VARCHAR", "50"}};
        for (int i = 0; i < business.length; i++) {
            int rows = 6 + i;
            clickAndWaitForSwap("add-attribute", "entity-editor");
            wait.until(d -> d.findElements(By.cssSelector("input.attr-name")).size() == rows + 1);
            driver.findElement(By.id("attributes" + rows + ".name")).sendKeys(business[i][0]);
            new Select(driver.findElement(By.id("attributes" + rows + ".datatype"))).selectByValue(business[i][1]);
            driver.findElement(By.id("attributes" + rows + ".dataLength")).sendKeys(business[i][2]);
        }
        clickAndWaitForSwap("save-entity", "entity-editor");
        assertThat(driver.findElement(By.cssSelector("#entity-editor .saved")).getText()).isEqualTo("Saved.");
        assertThat(attributeNames()).hasSize(13).endsWith("source_system");
        screenshot("entity");

        open("/entities");
        screenshot("entities");

        // The four-step load.
        open("/loads/new");
        WebElement newLoadForm = driver.findElement(By.id("new-load-form"));
        new Select(driver.findElement(By.id("target"))).selectByValue("publish.D_VESSEL_SCD2");
        // The form follows the target: the name its entity's load gets by default, and the type's presets (the
        // shipped one, chosen; this walk writes the seed's steps by hand instead).
        wait.until(ExpectedConditions.stalenessOf(newLoadForm));
        wait.until(d -> "load_d_vessel_scd2".equals(d.findElement(By.id("name")).getDomProperty("value")));
        assertThat(new Select(driver.findElement(By.id("preset"))).getFirstSelectedOption().getDomProperty("value"))
                .isEqualTo("scd2_from_source");
        new Select(driver.findElement(By.id("preset"))).selectByValue("");
        driver.findElement(By.cssSelector("#new-load-form button[type=submit]")).click();
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("load-form")));

        String drop = "DROP TABLE IF EXISTS <target_schema>.Z_TMP_<target_entity_name>;";
        addSqlStep(0, "drop_temp_start", drop);
        addSqlStep(1, "create_temp_table", Golden.createTempStep());
        clickAndWaitForSwap("add-template-step", "load-editor");
        driver.findElement(By.id("steps2.name")).sendKeys("merge_scd2_with_ftl");
        WebElement template = driver.findElement(By.id("steps2.template"));
        new Select(template).selectByValue("scd2");
        wait.until(ExpectedConditions.stalenessOf(template));
        WebElement prefix = wait.until(ExpectedConditions.presenceOfElementLocated(By.id("step-2-param-temp_table_prefix")));
        prefix.sendKeys("Z_TMP_");
        addSqlStep(3, "drop_temp_end", drop);
        clickAndWaitForSwap("save-load", "load-editor");
        assertThat(driver.findElements(By.cssSelector("#load-editor .error-summary"))).isEmpty();
        assertThat(driver.findElement(By.cssSelector("#load-editor .saved")).getText()).isEqualTo("Saved.");

        // Switch the preview to another dialect and back to Snowflake: the seed's SQL.
        switchDialect("postgresql");
        switchDialect("snowflake");
        assertThat(Golden.normalize(previewSql())).isEqualTo(Golden.normalize(Golden.expectedSnowflakeSql()));
        screenshot("load");

        // Break the template parameter: the error stands at step 3 and names the template.
        WebElement value = driver.findElement(By.id("step-2-param-temp_table_prefix"));
        value.clear();
        clickAndWaitForSwap("save-load", "load-editor");
        WebElement stepError = driver.findElement(By.cssSelector("#step-2 .step-error"));
        assertThat(stepError.getText()).contains("scd2").contains("temp_table_prefix").contains("step 3");
        assertThat(driver.findElement(By.id("step-2-param-temp_table_prefix")).getDomProperty("value")).isEmpty();
        screenshot("load-error");

        // Fix it, saving with Ctrl+S from the field.
        WebElement editor = driver.findElement(By.id("load-editor"));
        WebElement fixed = driver.findElement(By.id("step-2-param-temp_table_prefix"));
        fixed.sendKeys("Z_TMP_");
        fixed.sendKeys(Keys.chord(Keys.CONTROL, "s"));
        wait.until(ExpectedConditions.stalenessOf(editor));
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#load-editor .saved")));
        assertThat(driver.findElements(By.cssSelector(".step-error"))).isEmpty();
        assertThat(Golden.normalize(previewSql())).isEqualTo(Golden.normalize(Golden.expectedSnowflakeSql()));

        // Delete asks first, then the list offers Undo, which brings the load back as it was.
        String loadUrl = driver.getCurrentUrl();
        driver.findElement(By.linkText("Delete load…")).click();
        wait.until(ExpectedConditions.alertIsPresent()).accept();
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("undo-delete")));
        assertThat(driver.findElement(By.cssSelector(".undo")).getText()).contains("Deleted load_d_vessel_scd2.");
        screenshot("loads-undo");
        driver.findElement(By.id("undo-delete")).click();
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("preview-sql")));
        assertThat(driver.getCurrentUrl()).startsWith(loadUrl.replaceAll("\\?.*", ""));
        assertThat(Golden.normalize(previewSql())).isEqualTo(Golden.normalize(Golden.expectedSnowflakeSql()));

        // Global search finds the attribute (Ctrl+K opens the command palette: LayoutBrowserTest).
        WebElement search = driver.findElement(By.id("global-search"));
        search.click();
        search.sendKeys("mmsi_key", Keys.ENTER);
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("search-results")));
        assertThat(driver.findElement(By.id("search-results")).getText()).contains("publish.D_VESSEL_SCD2")
                .contains("load_d_vessel_scd2");
        screenshot("search");

        open("/");
        screenshot("home");
        open("/configuration");
        screenshot("configuration");
        open("/configuration/templates");
        screenshot("templates");

        // A token made on the account page is shown once, in a field to copy from.
        open("/account");
        driver.findElement(By.id("token-name")).sendKeys("deploy-prod");
        driver.findElement(By.cssSelector("form[action$=\"/account/tokens\"] button[type=submit]")).click();
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("new-token")));
        assertThat(driver.findElement(By.id("new-token")).getAttribute("value")).startsWith("lsm_");
        screenshot("account");
        open("/audit");
        screenshot("audit");
        open("/admin/users");
        screenshot("users");
    }

    private void configureDimScd2() {
        List<String> types = List.of("SCD_ID", "DV_HASHKEY", "DV_DATAHASH", "VALID_FROM", "VALID_TO", "VALIDITY_STATUS");
        types.forEach(t -> attributeTypes.create(new AttributeTypeRequest(null, t, null, null)));
        defaultAttribute("SCD_ID", "<entity_logical_name>_scd_id", "CHAR", 32);
        defaultAttribute("DV_HASHKEY", "<entity_logical_name>_id", "CHAR", 32);
        defaultAttribute("DV_DATAHASH", "datahash", "CHAR", 32);
        defaultAttribute("VALID_FROM", "valid_from", "TIMESTAMP", null);
        defaultAttribute("VALID_TO", "valid_to", "TIMESTAMP", null);
        defaultAttribute("VALIDITY_STATUS", "validity_status", "INTEGER1", null);
        entityTypes.create(new EntityTypeRequest(null, "DIM_SCD2", null, "D_", "_SCD2", "publish", PhysicalType.TABLE,
                null, types.stream().map(t -> new EntityTypeRequest.DefaultAttributeRef(t, null)).toList(),
                List.of(new EntityTypeRequest.LoadTypeJson(PhysicalType.TABLE, LoadType.TRANSFORM_PERSIST))));
    }

    private void defaultAttribute(String code, String nameTemplate, String datatype, Integer length) {
        defaultAttributes.create(new DefaultAttributeRequest(null, code, nameTemplate, datatype, length, null, null, true,
                code, null));
    }

    private void addSqlStep(int index, String name, String text) {
        clickAndWaitForSwap("add-sql-step", "load-editor");
        driver.findElement(By.id("steps" + index + ".name")).sendKeys(name);
        js("var a = document.getElementById(arguments[0]);"
                + "if (a.codeMirror) { a.codeMirror.setValue(arguments[1]); } else { a.value = arguments[1]; }",
                "steps" + index + ".text", text);
    }

    private void switchDialect(String dialect) {
        WebElement pane = driver.findElement(By.id("preview"));
        new Select(driver.findElement(By.id("preview-dialect"))).selectByValue(dialect);
        HeadlessChromium.waiting(driver, Duration.ofSeconds(20)).until(ExpectedConditions.stalenessOf(pane));
        HeadlessChromium.waiting(driver, Duration.ofSeconds(20)).until(d ->
                dialect.equals(new Select(d.findElement(By.id("preview-dialect"))).getFirstSelectedOption().getDomProperty("value")));
    }

    private String previewSql() {
        return (String) js("return document.getElementById('preview-sql').textContent;");
    }

    /** Clicks a button of an htmx editor and waits until the editor was replaced by the answer. */
    private void clickAndWaitForSwap(String buttonId, String editorId) {
        WebElement editor = driver.findElement(By.id(editorId));
        driver.findElement(By.id(buttonId)).click();
        WebDriverWait wait = HeadlessChromium.waiting(driver, Duration.ofSeconds(20));
        wait.until(ExpectedConditions.stalenessOf(editor));
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id(editorId)));
    }

    private List<String> attributeNames() {
        return driver.findElements(By.cssSelector("input.attr-name")).stream()
                .map(e -> e.getDomProperty("value")).toList();
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
