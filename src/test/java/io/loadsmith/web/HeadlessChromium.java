package io.loadsmith.web;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
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

    @Override
    public void close() throws IOException {
        driver.quit();
        FileSystemUtils.deleteRecursively(profile);
    }
}
