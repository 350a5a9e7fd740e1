package io.loadsmith.load.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

import io.loadsmith.entity.AttributeJson;
import io.loadsmith.entity.EntityRequest;
import io.loadsmith.entity.EntityService;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.load.LoadResponse;
import io.loadsmith.load.LoadService;
import io.loadsmith.web.HeadlessChromium;

/**
 * The load page's sources are ticked, not Ctrl-clicked: the load's own first in their order, then
 * the other entities, under a filter that hides unticked ones and neither marks the form changed nor
 * is sent. Ticking and unticking with plain clicks saves the sources in that order.
 * Skips without Chromium and chromedriver.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestPropertySource(properties = {
        "spring.datasource.url=jdbc:h2:mem:sourcepicker;DB_CLOSE_DELAY=-1",
        "loadsmith.admin.password=" + io.loadsmith.security.TestAccounts.PASSWORD})
class SourcePickerBrowserTest {

    @RegisterExtension
    static final HeadlessChromium.PerClass browser = new HeadlessChromium.PerClass();

    @LocalServerPort
    int port;

    @Autowired
    LoadService loads;
    @Autowired
    EntityService entities;

    @Test
    void sourcesAreTickedWithoutCtrlFilteredAndSavedInOrder() {
        entity("S_PILOT");
        entity("S_HARBOUR_MASTER");
        LoadResponse load = loads.list(null).get(0);
        List<String> sources = new ArrayList<>(load.sources());
        String base = "http://localhost:" + port;
        ChromeDriver driver = browser.signedIn(base);
        open(driver, base + "/loads/" + load.id());
        assertThat(driver.findElements(By.cssSelector("select[multiple]"))).as("no Ctrl-click list").isEmpty();
        assertThat(ticked(driver)).as("the load's sources, ticked, first").isEqualTo(sources);

        // S_PILOT first; S_HARBOUR_MASTER, ticked after it, comes after it although it sorts before it.
        tick(driver, "pilot", "staging.S_PILOT", load.id(), sources);
        open(driver, base + "/loads/" + load.id());
        assertThat(ticked(driver)).as("saved, ticked, first").isEqualTo(sources);
        WebElement filter = driver.findElement(By.id("sources-filter"));
        filter.sendKeys("harbour");
        List<String> shown = visible(driver);
        assertThat(shown).as("the filter keeps the ticked and the matching").containsAll(sources)
                .contains("staging.S_HARBOUR_MASTER").hasSize(sources.size() + 1);
        filter.sendKeys(Keys.ENTER);
        assertThat(driver.findElement(By.id("load-form")).getDomAttribute("data-dirty"))
                .as("filtering (Enter too) is neither sent nor a change to save").isNull();
        tick(driver, null, "staging.S_HARBOUR_MASTER", load.id(), sources);
        open(driver, base + "/loads/" + load.id());
        assertThat(ticked(driver)).as("saved in the order ticked").isEqualTo(sources);

        // Untick the first: the next becomes the default source.
        driver.findElement(By.cssSelector("#sources-list input:checked")).click();
        driver.findElement(By.cssSelector("#load-form button[value=save]")).click();
        List<String> rest = sources.subList(1, sources.size());
        HeadlessChromium.waiting(driver, Duration.ofSeconds(30)).until(d -> loads.get(load.id()).sources().equals(rest));
    }

    /** Filters by {@code filter} (unless null), ticks {@code entity} by its label, saves and waits for the store to have it last. */
    private void tick(ChromeDriver driver, String filter, String entity, long load, List<String> sources) {
        if (filter != null) {
            driver.findElement(By.id("sources-filter")).sendKeys(filter);
        }
        driver.findElement(By.xpath("//div[@id='sources-list']/label[span='" + entity + "']")).click();
        driver.findElement(By.cssSelector("#load-form button[value=save]")).click();
        sources.add(entity);
        HeadlessChromium.waiting(driver, Duration.ofSeconds(30)).until(d -> loads.get(load).sources().equals(sources));
    }

    private void entity(String name) {
        entities.create(new EntityRequest(null, name, name, "staging", null, PhysicalType.TABLE, null, null, null,
                List.of(new AttributeJson("x", "VARCHAR", 100, null, null, true, null, null))));
    }

    private static void open(ChromeDriver driver, String url) {
        driver.get(url);
        waitFor(driver, "document.readyState === 'complete' && !!document.getElementById('sources-list')");
    }

    @SuppressWarnings("unchecked")
    private static List<String> ticked(ChromeDriver driver) {
        return (List<String>) driver.executeScript(
                "return Array.from(document.querySelectorAll('#sources-list input:checked')).map(e => e.value);");
    }

    @SuppressWarnings("unchecked")
    private static List<String> visible(ChromeDriver driver) {
        return (List<String>) driver.executeScript(
                "return Array.from(document.querySelectorAll('#sources-list label:not([hidden]) input')).map(e => e.value);");
    }

    private static void waitFor(ChromeDriver driver, String condition) {
        HeadlessChromium.waiting(driver, Duration.ofSeconds(30)).until(d -> Boolean.TRUE.equals(
                ((JavascriptExecutor) d).executeScript("return " + condition + ";")));
    }
}
