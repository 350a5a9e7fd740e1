package io.loadsmith.packages.web;

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
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

import io.loadsmith.security.TestAccounts;
import io.loadsmith.web.HeadlessChromium;

/**
 * Issue 17 as a new user does it in Chromium: the commercial designer's three default configuration
 * packages chosen together on the import page (in the wrong order), one report, then the load
 * presets its saved load logics became. Screenshots at 1400 and 800 px; no page scrolls sideways.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestPropertySource(properties = {
        "spring.datasource.url=jdbc:h2:mem:adeimport;DB_CLOSE_DELAY=-1",
        "loadsmith.admin.password=" + TestAccounts.PASSWORD})
class AdeImportBrowserTest {

    private static HeadlessChromium chromium;
    private static ChromeDriver driver;

    @LocalServerPort
    int port;

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
    void theThreeDefaultConfigurationPackagesImportTogetherAndTheirLoadLogicsArePresets() throws IOException {
        WebDriverWait wait = HeadlessChromium.waiting(driver, Duration.ofSeconds(30));
        open("/login");
        driver.findElement(By.id("username")).sendKeys("admin");
        driver.findElement(By.id("password")).sendKeys(TestAccounts.PASSWORD);
        driver.findElement(By.cssSelector("main form button[type=submit]")).click();
        wait.until(d -> !d.getCurrentUrl().contains("/login"));

        open("/packages/import");
        driver.findElement(By.id("format-ade")).click();
        Path dir = Path.of("src/test/resources/ade/default").toAbsolutePath();
        // Templates first: the wrong order, which the import puts right by the packages' dependencies.
        driver.findElement(By.id("file")).sendKeys(String.join("\n",
                dir.resolve("CONFIG_LOAD_TEMPLATES.json").toString(),
                dir.resolve("CONFIG_ENTITY_DEFAULTS.json").toString(),
                dir.resolve("CONFIG_LOAD_TRANSFORMATIONS.json").toString()));
        driver.findElement(By.cssSelector("main form button[type=submit]")).click();
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("import-report")));
        String report = driver.findElement(By.id("import-report")).getText();
        assertThat(report).contains("Imported 3 configuration packages, in dependency order:");
        List<String> order = driver.findElements(By.cssSelector("#import-report ol > li > strong")).stream()
                .map(e -> e.getText()).toList();
        assertThat(order).containsExactly("CONFIG_LOAD_TRANSFORMATIONS", "CONFIG_ENTITY_DEFAULTS", "CONFIG_LOAD_TEMPLATES");
        // Each package names what it wrote, not only how many.
        List<String> written = driver.findElements(By.cssSelector("#import-report ol > li")).stream()
                .map(e -> e.findElements(By.cssSelector("ul.import-written li")).stream().map(w -> w.getText()).toList().toString())
                .toList();
        assertThat(written.get(0)).contains("transformation type", "HASH_KEY", "RUN_ID");
        assertThat(written.get(1)).contains("entity type", "HUB");
        assertThat(written.get(2)).contains("template", "load preset", "HUB_INSERT_NEW");
        look("ade-import-report");

        // On the home page a configuration package says what it owns; one that owns nothing (its formulas are
        // shared) is no row of zeros, but named under the table, where it still links to its package page.
        open("/");
        List<String> rows = driver.findElements(By.cssSelector("main table tbody tr")).stream().map(e -> e.getText()).toList();
        assertThat(rows).anySatisfy(r -> assertThat(r).startsWith("config_entity_defaults 0 0").contains("entity type"));
        assertThat(rows).anySatisfy(r -> assertThat(r).startsWith("config_load_templates 0 0").contains("template", "load preset"));
        assertThat(rows).noneSatisfy(r -> assertThat(r).contains("config_load_transformations"));
        assertThat(driver.findElement(By.id("shared-configuration-packages")).getText())
                .contains("own nothing", "shared by every package", "config_load_transformations")
                .doesNotContain("config_entity_defaults");
        driver.findElement(By.cssSelector("#shared-configuration-packages a[href$='/packages/config_load_transformations']"));
        look("ade-home");
        // A package made by hand and still empty stays a row: its owner is about to fill it.
        open("/");
        driver.findElement(By.id("package-name")).sendKeys("hand_made");
        driver.findElement(By.id("create-package")).click();
        // The create answers with the new package's page: wait for it, or the next open("/") races the
        // form's navigation and may end on the package page instead.
        io.loadsmith.web.HeadlessChromium.waiting(driver, java.time.Duration.ofSeconds(30))
                .until(d -> d.getCurrentUrl().contains("/packages/hand_made"));
        open("/");
        assertThat(driver.findElements(By.cssSelector("main table tbody tr")).stream().map(e -> e.getText()).toList())
                .contains("hand_made 0 0 nothing of its own");

        open("/presets");
        String presets = driver.findElement(By.id("presets")).getText();
        assertThat(presets).contains("HUB_INSERT_NEW", "HUB · TRANSFORM_PERSIST (default)");
        look("ade-presets");

        driver.findElement(By.linkText("HUB_INSERT_NEW")).click();
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id("preset-form")));
        assertThat(driver.findElement(By.tagName("h1")).getText()).isEqualTo("Load preset HUB_INSERT_NEW");
        assertThat(driver.findElement(By.id("steps0.text")).getDomProperty("value")).isNotBlank();
        look("ade-preset");
    }

    /** Screenshots at 1400 and 800 px; at 1400 px the page must not scroll sideways. */
    private void look(String name) throws IOException {
        for (int width : new int[] {1400, 800}) {
            driver.manage().window().setSize(new Dimension(width, 1000));
            Boolean sideways = (Boolean) ((JavascriptExecutor) driver).executeScript(
                    "return document.documentElement.scrollWidth > document.documentElement.clientWidth;");
            if (width == 1400) {
                assertThat(sideways).as(name + " scrolls sideways at 1400 px").isFalse();
            }
            Path file = ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE).toPath();
            Files.copy(file, HeadlessChromium.SCREENSHOTS.resolve(name + "-" + width + ".png"), StandardCopyOption.REPLACE_EXISTING);
        }
        driver.manage().window().setSize(new Dimension(1400, 1000));
    }

    private void open(String path) {
        driver.get("http://localhost:" + port + path);
    }
}
