package io.loadsmith.tryit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.web.servlet.MockMvc;

import io.loadsmith.store.Api;
import io.loadsmith.store.DataVaultModelOverApi;
import io.loadsmith.store.SignedInMockMvc;
import io.loadsmith.web.HeadlessChromium;

/**
 * "Try the model" in a real headless Chromium: the small Data Vault of {@link DataVaultModelOverApi},
 * from the package page's link to the panel, raw rows pasted as CSV, two batches run one after the
 * other (the second a rerun that changes nothing in the vault), results per table. Screenshots at 1400
 * and 800 px go to target/screenshots. Skips without Chromium and chromedriver.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@AutoConfigureMockMvc
@org.springframework.context.annotation.Import(SignedInMockMvc.class)
@TestPropertySource(properties = {
        "spring.datasource.url=jdbc:h2:mem:trymodelbrowser;DB_CLOSE_DELAY=-1",
        // Without the demo data: the imported names (HUB, DV_DATAHASH) must not meet the demo's.
        "spring.flyway.locations=classpath:db/migration",
        "loadsmith.admin.password=" + io.loadsmith.security.TestAccounts.PASSWORD})
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TryModelBrowserTest {

    private HeadlessChromium chromium;
    private ChromeDriver driver;

    @LocalServerPort
    int port;

    @Autowired
    MockMvc mvc;

    @BeforeAll
    void startBrowserAndBuildTheModel() throws Exception {
        chromium = HeadlessChromium.start();
        driver = chromium.driver();
        DataVaultModelOverApi model = new DataVaultModelOverApi(new Api(mvc));
        model.build();
        model.setRunTime("2024-01-01T12:00:00");
    }

    @AfterAll
    void stopBrowser() throws IOException {
        if (chromium != null) {
            chromium.close();
        }
    }

    @Test
    void rawRowsPastedThenTwoBatchesShowEveryTableOfTheVault() throws IOException {
        driver.manage().window().setSize(new Dimension(1400, 1000));
        open("/packages/dv_e2e");
        wait(20).until(ExpectedConditions.presenceOfElementLocated(By.id("username")));
        driver.findElement(By.id("username")).sendKeys("admin");
        driver.findElement(By.id("password")).sendKeys(io.loadsmith.security.TestAccounts.PASSWORD);
        driver.findElement(By.cssSelector("main form button[type=submit]")).click();
        wait(20).until(ExpectedConditions.presenceOfElementLocated(By.id("package-try"))).click();
        wait(20).until(ExpectedConditions.presenceOfElementLocated(By.id("run-batch")));
        assertThat(driver.findElements(By.cssSelector("#model-loads li"))).hasSize(12);

        pasteCsv("raw.customer_src", "customer_id,name,city,phone,load_ts,rec_src\n"
                + "alice,Ann,Oslo,111,2024-01-01 00:00:00,crm\nbob,Bob,Rome,333,2024-01-01 00:00:00,crm");
        pasteCsv("raw.order_src", "order_id,customer_id,amount,load_ts,rec_src\no1,ALICE,10,2024-01-01 00:00:00,shop");
        run(1);
        assertThat(headings(1)).contains("rdv.H_CUSTOMER: 2 new, 0 closed, 0 changed, 0 unchanged",
                "rdv.L_CUSTOMER_ORDER: 1 new, 0 closed, 0 changed, 0 unchanged",
                "rdv.S_CUSTOMER: 2 new, 0 closed, 0 changed, 0 unchanged");
        // The grid keeps its rows: batch 2 is a rerun of them.
        run(2);
        assertThat(headings(2)).contains("rdv.H_CUSTOMER: 0 new, 0 closed, 0 changed, 2 unchanged",
                "rdv.S_CUSTOMER: 0 new, 0 closed, 0 changed, 2 unchanged",
                "rdv.S_CUSTOMER_PHONE: 0 new, 0 closed, 0 changed, 2 unchanged");
        js("document.getElementById('batch-2').scrollIntoView({block: 'start'});");
        screenshot("try-model-1400");
        driver.manage().window().setSize(new Dimension(800, 1000));
        js("document.getElementById('batch-2').scrollIntoView({block: 'start'});");
        screenshot("try-model-800");
        // Nothing of the page scrolls sideways but the tables' own boxes.
        assertThat((Boolean) js("return document.documentElement.scrollWidth <= document.documentElement.clientWidth;"))
                .isTrue();
        driver.manage().window().setSize(new Dimension(1400, 1000));
        js("window.scrollTo(0, 0);");
        screenshot("try-model-top-1400");
    }

    private List<String> headings(int batch) {
        return driver.findElements(By.cssSelector("#batch-" + batch + " .try-table h3")).stream()
                .map(e -> e.getAttribute("textContent").strip()).toList();
    }

    private void pasteCsv(String table, String csv) {
        WebElement input = driver.findElements(By.cssSelector("details.try-input")).stream()
                .filter(d -> d.findElement(By.cssSelector("summary strong")).getText().equals(table)).findFirst().orElseThrow();
        input.findElement(By.cssSelector("details.try-csv summary")).click();
        WebElement area = input.findElement(By.tagName("textarea"));
        area.clear();
        area.sendKeys(csv);
        swap(input.findElement(By.cssSelector("details.try-csv button")));
        assertThat(driver.findElements(By.id("try-problem"))).isEmpty();
    }

    private void run(int batch) {
        swap(driver.findElement(By.id("run-batch")));
        wait(60).until(ExpectedConditions.presenceOfElementLocated(By.id("batch-" + batch)));
        assertThat(driver.findElements(By.cssSelector("#batch-" + batch + " .try-failure"))).isEmpty();
    }

    /** Clicks a button of the try panel and waits for htmx to replace the panel. */
    private void swap(WebElement button) {
        WebElement panel = driver.findElement(By.id("try-panel"));
        js("arguments[0].scrollIntoView({block: 'center'});", button);
        button.click();
        wait(60).until(ExpectedConditions.stalenessOf(panel));
        wait(60).until(ExpectedConditions.presenceOfElementLocated(By.id("try-panel")));
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
        Files.createDirectories(HeadlessChromium.SCREENSHOTS);
        Files.copy(((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE).toPath(),
                HeadlessChromium.SCREENSHOTS.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
    }
}
