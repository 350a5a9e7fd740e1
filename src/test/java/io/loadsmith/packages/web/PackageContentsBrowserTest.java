package io.loadsmith.packages.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

import io.loadsmith.entity.EntityService;
import io.loadsmith.entity.AttributeJson;
import io.loadsmith.entity.EntityRequest;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.generation.model.StepType;
import io.loadsmith.load.LoadService;
import io.loadsmith.load.LoadRequest;
import io.loadsmith.load.StepJson;
import io.loadsmith.packageregistry.MetadataPackageService;
import io.loadsmith.packageregistry.PackageRequest;
import io.loadsmith.web.HeadlessChromium;

/**
 * The package page's Contents in headless Chromium: a package over the cap (60 entities with
 * mixed-case names, 55 loads) and an empty one, each shot at 1400 and 800 px, whole and its first
 * screen (target/screenshots/package-contents-*.png); neither width scrolls sideways, and the links
 * lead to the entity and to the entity list filtered to the package. Skips without Chromium.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestPropertySource(properties = {
        "spring.datasource.url=jdbc:h2:mem:packagecontentsbrowser;DB_CLOSE_DELAY=-1",
        "loadsmith.admin.password=" + io.loadsmith.security.TestAccounts.PASSWORD})
class PackageContentsBrowserTest {

    @RegisterExtension
    static final HeadlessChromium.PerClass BROWSER = new HeadlessChromium.PerClass();

    @LocalServerPort
    int port;

    @Autowired
    MetadataPackageService packages;

    @Autowired
    EntityService entities;

    @Autowired
    LoadService loads;

    private ChromeDriver open(String path) {
        ChromeDriver driver = BROWSER.signedIn("http://localhost:" + port);
        driver.manage().window().setSize(new Dimension(1400, 1000));
        driver.get("http://localhost:" + port + path);
        HeadlessChromium.waiting(driver, Duration.ofSeconds(20)).until(ExpectedConditions.presenceOfElementLocated(By.id("main")));
        return driver;
    }

    /** Shoots the page at both widths and says, for each, whether it scrolls sideways. */
    private Map<Integer, Boolean> shootAndMeasure(ChromeDriver driver, String name) throws IOException {
        Map<Integer, Boolean> sideways = new TreeMap<>();
        for (int width : new int[] {1400, 800}) {
            BROWSER.get().shoot(name + "-" + width + "-top", width, 1000);
            BROWSER.get().shoot(name + "-" + width, width, 6000);
            sideways.put(width, (Boolean) driver.executeScript(
                    "var e = document.scrollingElement; return e.scrollWidth > e.clientWidth;"));
        }
        driver.manage().window().setSize(new Dimension(1400, 1000));
        return sideways;
    }

    @Test
    void aLargePackageShowsTheFirstFiftyOfEachAndItsLinksLeadOn() throws IOException {
        packages.create(new PackageRequest(null, "Contents_Big", "Sixty entities, one load each but five"));
        for (int i = 0; i < 60; i++) {
            // Mixed case, and a word some dialects reserve, as users name their tables.
            String name = (i % 3 == 0 ? "Stg_Customer_" : i % 3 == 1 ? "dim_Order_" : "USER_") + "%02d".formatted(i);
            String schema = i % 2 == 0 ? "Staging" : "publish";
            entities.create(new EntityRequest(null, name, name, schema, null, PhysicalType.TABLE, "Contents_Big", null,
                    null, List.of(new AttributeJson("id", "INTEGER4", null, null, null, false, null, null))));
            if (i < 55) {
                loads.create(new LoadRequest(null, "load_" + name.toLowerCase(), schema + "." + name, null, null, List.of(),
                        List.of(new StepJson("fill", StepType.OVERRIDE, "SELECT 1")), Map.of()));
            }
        }
        ChromeDriver driver = open("/packages/Contents_Big");

        assertThat(driver.findElements(By.cssSelector("#package-contents h3")).stream().map(h -> h.getText()))
                .containsExactly("Entities (60)", "Loads (55)");
        assertThat(driver.findElements(By.cssSelector("#package-entities tbody tr"))).hasSize(50);
        assertThat(driver.findElements(By.cssSelector("#package-loads tbody tr"))).hasSize(50);
        assertThat(shootAndMeasure(driver, "package-contents-big")).as("scrolls sideways, by width").doesNotContainValue(true);

        String first = driver.findElement(By.cssSelector("#package-entities tbody a")).getText();
        driver.findElement(By.cssSelector("#package-entities tbody a")).click();
        HeadlessChromium.waiting(driver, Duration.ofSeconds(20)).until(d -> d.getCurrentUrl().matches(".*/entities/\\d+$"));
        assertThat(driver.findElement(By.tagName("h1")).getText()).contains(first.substring(first.indexOf('.') + 1));

        open("/packages/Contents_Big").findElement(By.cssSelector("a.all-entities")).click();
        HeadlessChromium.waiting(driver, Duration.ofSeconds(20)).until(d -> d.getCurrentUrl().endsWith("/entities?package=Contents_Big"));
        assertThat(driver.findElements(By.cssSelector("#entity-results tbody tr"))).hasSize(60);
        BROWSER.get().shoot("package-contents-all-entities-1400", 1400, 2400);
    }

    @Test
    void anEmptyPackageSaysHowToAddAnEntityAndTheFormIsThere() throws IOException {
        packages.create(new PackageRequest(null, "Contents_Empty", null));
        ChromeDriver driver = open("/packages/Contents_Empty");
        HeadlessChromium.waiting(driver, Duration.ofSeconds(20))
                .until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#package-entity form")));

        assertThat(driver.findElement(By.id("contents-empty")).getText()).startsWith("This package holds nothing yet.");
        assertThat(shootAndMeasure(driver, "package-contents-empty")).as("scrolls sideways, by width").doesNotContainValue(true);
    }
}
