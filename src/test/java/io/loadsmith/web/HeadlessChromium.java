package io.loadsmith.web;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.util.FileSystemUtils;

/**
 * Debian's headless Chromium for the browser tests, with a profile of its own and the flags this
 * closed network needs; screenshots go to {@link #SCREENSHOTS}.
 */
public final class HeadlessChromium implements AutoCloseable {

    public static final Path SCREENSHOTS = Path.of("target/screenshots");
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    private final ChromeDriver driver;
    private final Path profile;

    /**
     * A wait whose conditions may read an element that htmx swaps meanwhile: a stale element then
     * means "not yet", as a missing one does, instead of failing the test on the moment it read.
     */
    public static WebDriverWait waiting(org.openqa.selenium.WebDriver driver, Duration timeout) {
        WebDriverWait wait = new WebDriverWait(driver, timeout);
        wait.ignoring(org.openqa.selenium.StaleElementReferenceException.class);
        return wait;
    }

    private HeadlessChromium(ChromeDriver driver, Path profile) {
        this.driver = driver;
        this.profile = profile;
    }

    /** Skips the calling test class (an assumption) where chromium or chromedriver is not installed. */
    public static HeadlessChromium start() throws IOException {
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
                "Skipped: headless Chromium (/usr/bin/chromium) and /usr/bin/chromedriver are not installed");
        Path profile = Files.createTempDirectory("loadsmith-chromium");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--window-size=1400,1000", "--user-data-dir=" + profile);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        Files.createDirectories(SCREENSHOTS);
        return new HeadlessChromium(new ChromeDriver(service, options), profile);
    }

    public ChromeDriver driver() {
        return driver;
    }

    /**
     * The browser of one test class: {@code @RegisterExtension static final HeadlessChromium.PerClass browser =
     * new HeadlessChromium.PerClass();} starts it before the class's tests (skips them where Chromium is
     * missing), signs in once, and closes it after them.
     */
    public static final class PerClass implements BeforeAllCallback, AfterAllCallback {

        private HeadlessChromium chromium;
        private boolean signedIn;

        @Override
        public void beforeAll(ExtensionContext context) throws IOException {
            chromium = start();
        }

        @Override
        public void afterAll(ExtensionContext context) throws IOException {
            if (chromium != null) {
                chromium.close();
            }
        }

        public HeadlessChromium get() {
            return chromium;
        }

        /** The driver, signed in at {@code base} (http://localhost:PORT) the first time. */
        public ChromeDriver signedIn(String base) {
            if (!signedIn) {
                chromium.signIn(base);
                signedIn = true;
            }
            return chromium.driver;
        }
    }

    /** Signs in at {@code base} (http://localhost:PORT) as the administrator with the tests' password, at 1400 px. */
    public void signIn(String base) {
        driver.manage().window().setSize(new Dimension(1400, 1000));
        driver.get(base + "/");
        HeadlessChromium.waiting(driver, Duration.ofSeconds(20)).until(ExpectedConditions.presenceOfElementLocated(By.id("username")));
        driver.findElement(By.id("username")).sendKeys("admin");
        driver.findElement(By.id("password")).sendKeys(io.loadsmith.security.TestAccounts.PASSWORD);
        driver.findElement(By.cssSelector("main form button[type=submit]")).click();
        HeadlessChromium.waiting(driver, Duration.ofSeconds(20)).until(d -> !d.getCurrentUrl().contains("/login"));
    }

    /** Pages as the system's light or dark theme would show them ({@code prefers-color-scheme}). */
    public void colorScheme(boolean dark) {
        driver.executeCdpCommand("Emulation.setEmulatedMedia", java.util.Map.of("features",
                java.util.List.of(java.util.Map.of("name", "prefers-color-scheme", "value", dark ? "dark" : "light"))));
    }

    /** The whole page in one picture, {@link #SCREENSHOTS}/NAME.png: the window as tall as the document, at most {@code maxHeight}. */
    public Path shoot(String name, int width, int maxHeight) throws IOException {
        driver.manage().window().setSize(new Dimension(width, 1000));
        long height = ((Number) driver.executeScript("return document.documentElement.scrollHeight")).longValue();
        driver.manage().window().setSize(new Dimension(width, (int) Math.min(maxHeight, Math.max(1000, height + 140))));
        Path file = SCREENSHOTS.resolve(name + ".png");
        Files.copy(driver.getScreenshotAs(OutputType.FILE).toPath(), file, StandardCopyOption.REPLACE_EXISTING);
        return file;
    }

    @Override
    public void close() throws IOException {
        driver.quit();
        FileSystemUtils.deleteRecursively(profile);
    }
}
