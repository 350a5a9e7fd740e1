package io.loadsmith.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

/**
 * What a session downloads, in headless Chromium by the Resource Timing API's {@code transferSize}
 * (bytes over the wire, headers included; 0 when the browser's cache answered): the first page (the
 * sign-in page, in a new profile) brings the scripts and styles, gzipped; every page after it takes
 * them from the cache, since they are linked by versioned names that may be kept a year.
 * Skips without Chromium and chromedriver.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestPropertySource(properties = {
        "spring.datasource.url=jdbc:h2:mem:pageweight;DB_CLOSE_DELAY=-1",
        "loadsmith.admin.password=" + io.loadsmith.security.TestAccounts.PASSWORD})
class PageWeightBrowserTest {

    @RegisterExtension
    static final HeadlessChromium.PerClass browser = new HeadlessChromium.PerClass();

    @LocalServerPort
    int port;

    @Test
    void theSecondPageOfASessionDownloadsLessThan30KbOfAssets() {
        ChromeDriver driver = browser.get().driver();
        String base = "http://localhost:" + port;
        driver.get(base + "/login");
        long first = assetBytes(driver);
        browser.signedIn(base);
        driver.get(base + "/loads");
        long second = assetBytes(driver);
        driver.get(base + "/entities");
        long third = assetBytes(driver);

        // The first page's figure shows the count sees real downloads: pico, htmx and the app's own, gzipped
        // (41.7 KB; CodeMirror comes with the first page that has a code editor).
        assertThat(first).as("the first page's assets, bytes").isGreaterThan(30_000);
        assertThat(second).as("the second page's assets, bytes").isLessThan(30_000);
        assertThat(third).as("the third page's assets, bytes").isLessThan(30_000);
        System.out.printf("Assets downloaded: first page %d B, second %d B, third %d B%n", first, second, third);
    }

    /** The bytes this page's scripts, style sheets and images took over the network, once it has loaded. */
    private static long assetBytes(ChromeDriver driver) {
        HeadlessChromium.waiting(driver, Duration.ofSeconds(20)).until(d -> "complete".equals(
                ((JavascriptExecutor) d).executeScript("return document.readyState")));
        List<?> sizes = (List<?>) driver.executeScript("return performance.getEntriesByType('resource')"
                + ".filter(e => e.initiatorType !== 'xmlhttprequest' && e.initiatorType !== 'fetch')"
                + ".map(e => e.transferSize);");
        assertThat(sizes).as("assets seen by Resource Timing").isNotEmpty();
        return sizes.stream().mapToLong(s -> ((Number) s).longValue()).sum();
    }
}
