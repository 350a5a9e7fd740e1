package io.loadsmith.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.time.Duration;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
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
import io.loadsmith.load.LoadService;
import io.loadsmith.load.LoadResponse;

/**
 * The designer with the keyboard, and what a tester using it cold found, on the demo store in
 * headless Chromium: the CodeMirror editors (WCAG 2.1.2, No Keyboard Trap: in an editable editor Tab
 * indents and Esc, then Tab or Shift+Tab, moves focus out; a read-only one never takes Tab), each
 * test saying what it guards. Screenshots of what changed go to target/screenshots/keys-*.png.
 * Skips without Chromium and chromedriver.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestPropertySource(properties = {
        "spring.datasource.url=jdbc:h2:mem:designerkeys;DB_CLOSE_DELAY=-1",
        "loadsmith.admin.password=" + io.loadsmith.security.TestAccounts.PASSWORD})
class DesignerKeyboardBrowserTest {

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

    @Test
    void tabIndentsInAnEditorAndEscThenTabOrShiftTabLeavesIt() {
        long load = loads.list(null).get(0).id();
        editable("/loads/" + load, "textarea.step-text");
        editable("/configuration/templates/new", "#variants0\\.text");
        open("/configuration");
        js("document.getElementById('tt-formula').closest('details').open = true;");
        editable(null, "#tt-formula");
    }

    /** Read-only code is a pre, not an editor: reached by Tab (to scroll it by keys), and Tab leaves it. */
    @Test
    void readOnlyCodeIsReachedAndLeftByTab() {
        long load = loads.list(null).get(0).id();
        readOnly("/loads/" + load, "#preview-sql");
        readOnly("/entities/" + entityId(), "#ddl-sql");
        readOnly("/configuration/templates/library/scd2", "#variant-text-default");
    }

    /** What a screen reader says on entering each editor: its visible label (or the textarea's aria-label). */
    @Test
    void theElementThatTakesTheTypingIsNamedByTheVisibleLabel() {
        long load = loads.list(null).get(0).id();
        open("/loads/" + load);
        assertThat(nameOf("textarea.step-text")).isEqualTo("SQL");
        assertThat(nameOfCode("#preview-sql")).isEqualTo("Generated SQL");
        open("/configuration/templates/new");
        assertThat(nameOf("#variants0\\.text")).isEqualTo("Template text");
        open("/entities/" + entityId());
        assertThat(nameOfCode("#ddl-sql")).isEqualTo("DDL");
        open("/configuration");
        js("document.getElementById('tt-formula').closest('details').open = true;");
        assertThat(nameOf("#tt-formula")).isEqualTo("Formula (FreeMarker; gets sourceAttributes, prefix, physicalDatatype)");
        // Clicking the visible label puts the cursor in the editor, as it does for a plain field.
        js("document.querySelector('label[for=\"tt-formula\"]').click();");
        assertThat(inEditor("#tt-formula")).isTrue();
    }

    @Test
    void theShortcutListNamesTheKeyThatLeavesAnEditor() {
        open("/");
        driver.findElement(By.tagName("body")).sendKeys("?");
        HeadlessChromium.waiting(driver, Duration.ofSeconds(10)).until(d -> (Boolean) js("return document.getElementById('shortcuts').open;"));
        assertThat(driver.findElement(By.id("shortcuts")).getText()).contains("Esc then Tab", "Leave a code editor");
    }

    /** Issue: a new attribute saved without a datatype said "must not be blank" under its name. */
    @Test
    void aMissingDatatypeIsShownAndMarkedAtTheDatatype() throws IOException {
        open("/entities/" + entityId());
        int rows = driver.findElements(By.cssSelector("input.attr-name")).size();
        clickAndWaitForSwap("add-attribute", "entity-editor");
        driver.findElement(By.id("attributes" + rows + ".name")).sendKeys("foo");
        clickAndWaitForSwap("save-entity", "entity-editor");
        WebElement datatype = driver.findElement(By.id("attributes" + rows + ".datatype"));
        assertThat(datatype.getDomAttribute("aria-invalid")).isEqualTo("true");
        assertThat(driver.findElement(By.id("attribute-" + rows + "-datatype-error")).getText()).isEqualTo("must not be blank");
        assertThat(driver.findElement(By.id("attributes" + rows + ".name")).getDomAttribute("aria-invalid")).isNull();
        js("document.getElementById(arguments[0]).scrollIntoView({block: 'center'});", "attributes" + rows + ".datatype");
        shoot("keys-entity-datatype-error");
    }

    /** Issue: after Save a renamed load kept its old name in the heading and the window title. */
    @Test
    void aSavedRenameShowsInTheHeadingAndTheTitle() throws IOException {
        LoadResponse load = loads.list(null).get(0);
        open("/loads/" + load.id());
        String renamed = load.name() + "_renamed";
        WebElement name = driver.findElement(By.id("name"));
        name.clear();
        name.sendKeys(renamed);
        clickAndWaitForSwap("save-load", "load-editor");
        assertThat(driver.findElement(By.cssSelector("#load-editor .saved")).getText()).isEqualTo("Saved.");
        assertThat(driver.findElement(By.tagName("h1")).getText()).isEqualTo(renamed);
        assertThat(driver.findElements(By.tagName("h1"))).hasSize(1);
        assertThat(driver.getTitle()).isEqualTo(renamed + " · Loadsmith");
        assertThat(driver.findElement(By.id("load-history")).getDomAttribute("href")).contains("objectName=" + renamed);
        shoot("keys-load-renamed");
    }

    /** Issue: Enter on a step's ↑ or ✕ dropped focus to the page; Add template step left it on the button. */
    @Test
    void theRowButtonsOfTheStepsKeepTheKeyboardsPlace() {
        LoadResponse load = loads.list(null).get(0);
        assertThat(load.steps().size()).as("the demo load's steps").isGreaterThanOrEqualTo(3);
        open("/loads/" + load.id());
        pressEnterOn("button[aria-label='Move step 2 up']");
        assertThat(focused()).isEqualTo("Move step 1 up");
        pressEnterOn("button[aria-label='Move step 1 down']");
        assertThat(focused()).isEqualTo("Move step 2 down");
        pressEnterOn("button[aria-label='Remove step 2']");
        assertThat(focused()).as("the next step's remove, now step 2").isEqualTo("Remove step 2");
        int steps = driver.findElements(By.cssSelector("#load-form li.step")).size();
        pressEnterOn("button[aria-label='Remove step " + steps + "']");
        assertThat(focused()).as("the last removed: the previous one's").isEqualTo("Remove step " + (steps - 1));
        pressEnterOn("#add-template-step");
        assertThat(js("return document.activeElement.id;")).isEqualTo("steps" + (steps - 1) + ".name");
        for (int left = steps; left > 0; left--) {
            pressEnterOn("button[aria-label='Remove step 1']");
        }
        assertThat(js("return document.activeElement.id;")).as("no step left").isEqualTo("add-sql-step");
        pressEnterOn("#add-sql-step");
        assertThat(js("return document.activeElement.id;")).isEqualTo("steps0.name");
    }

    /** The first Tab of a page reaches "Skip to content", shown while focused; it takes the keyboard into main. */
    @Test
    void theFirstTabStopSkipsToTheContent() throws IOException {
        open("/entities/" + entityId());
        WebElement skip = driver.findElement(By.id("skip-to-content"));
        assertThat(skip.getRect().getY() + skip.getRect().getHeight()).as("hidden until focused").isLessThanOrEqualTo(0);
        new Actions(driver).sendKeys(Keys.TAB).perform();
        assertThat(js("return document.activeElement.id;")).isEqualTo("skip-to-content");
        assertThat(skip.getRect().getY()).as("in sight when focused").isGreaterThanOrEqualTo(0);
        shoot("keys-skip-link");
        new Actions(driver).sendKeys(Keys.ENTER).sendKeys(Keys.TAB).perform();
        assertThat((Boolean) js("return !!document.activeElement.closest('main');")).isTrue();
    }

    /**
     * A live preview replaced by a newer one is aborted on purpose: nothing of it reaches the console
     * (htmx logged SEVERE htmx:afterRequest and htmx:sendAbort); and the page asks for its SVG icon,
     * not a missing /favicon.ico.
     */
    @Test
    void anAbortedPreviewLogsNothingAndThePageHasItsIcon() {
        open("/loads/" + loads.list(null).get(0).id());
        driver.manage().logs().get(org.openqa.selenium.logging.LogType.BROWSER);
        WebElement pane = driver.findElement(By.id("preview"));
        js("window.previewAborts = 0; document.body.addEventListener('htmx:sendAbort', function () { window.previewAborts++; });"
                + " var f = document.getElementById('load-form');"
                + " f.dispatchEvent(new Event('change', {bubbles: true})); f.dispatchEvent(new Event('change', {bubbles: true}));");
        WebDriverWait wait = HeadlessChromium.waiting(driver, Duration.ofSeconds(20));
        wait.until(ExpectedConditions.stalenessOf(pane));
        wait.until(d -> (Boolean) js("return !document.querySelector('.htmx-request');"));
        assertThat(((Number) js("return window.previewAborts;")).intValue()).as("the first preview was aborted").isEqualTo(1);
        assertThat(driver.manage().logs().get(org.openqa.selenium.logging.LogType.BROWSER).getAll())
                .filteredOn(e -> e.getLevel().intValue() >= java.util.logging.Level.SEVERE.intValue())
                .extracting(org.openqa.selenium.logging.LogEntry::getMessage).isEmpty();

        // Linked by its versioned name (AssetCaching), like every asset.
        assertThat(driver.findElement(By.cssSelector("link[rel=icon]")).getDomAttribute("href")).matches("/favicon-[0-9a-f]{32}\\.svg");
        assertThat(js("var x = new XMLHttpRequest(); x.open('GET', document.querySelector('link[rel=icon]').href, false); x.send();"
                + " return x.status + ' ' + x.getResponseHeader('Content-Type');")).asString().startsWith("200 image/svg+xml");
        open("/entities");
        assertThat(driver.manage().logs().get(org.openqa.selenium.logging.LogType.BROWSER).getAll())
                .extracting(org.openqa.selenium.logging.LogEntry::getMessage).noneMatch(m -> m.contains("favicon"));
    }

    private void pressEnterOn(String css) {
        WebElement editor = driver.findElement(By.id("load-editor"));
        js("document.querySelector(arguments[0]).focus();", css);
        new Actions(driver).sendKeys(Keys.ENTER).perform();
        WebDriverWait wait = HeadlessChromium.waiting(driver, Duration.ofSeconds(20));
        wait.until(ExpectedConditions.stalenessOf(editor));
        wait.until(d -> (Boolean) js("var e = document.getElementById('load-editor');"
                + " return !!e && !e.classList.contains('htmx-settling') && document.activeElement !== document.body;"));
    }

    private String focused() {
        return (String) js("return document.activeElement.getAttribute('aria-label');");
    }

    private void clickAndWaitForSwap(String buttonId, String editorId) {
        WebElement editor = driver.findElement(By.id(editorId));
        driver.findElement(By.id(buttonId)).click();
        WebDriverWait wait = HeadlessChromium.waiting(driver, Duration.ofSeconds(20));
        wait.until(ExpectedConditions.stalenessOf(editor));
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id(editorId)));
    }

    /** The window at 1400 and at 800 px (target/screenshots/NAME-1400.png, -800.png). */
    private void shoot(String name) throws IOException {
        for (int width : new int[] {1400, 800}) {
            driver.manage().window().setSize(new Dimension(width, 1000));
            Files.copy(((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE).toPath(),
                    HeadlessChromium.SCREENSHOTS.resolve(name + "-" + width + ".png"), StandardCopyOption.REPLACE_EXISTING);
        }
        driver.manage().window().setSize(new Dimension(1400, 1000));
    }

    /** Opens the page (unless null), focuses the editor of the textarea, and walks Tab, Esc Tab, Esc Shift+Tab. */
    private void editable(String path, String area) {
        if (path != null) {
            open(path);
        }
        focus(area);

        String before = value(area);
        new Actions(driver).sendKeys(Keys.TAB).perform();
        assertThat(inEditor(area)).as("Tab indents in %s", area).isTrue();
        assertThat(value(area)).as("Tab indents in %s", area).isNotEqualTo(before);

        new Actions(driver).sendKeys(Keys.ESCAPE).sendKeys(Keys.TAB).perform();
        assertThat(inEditor(area)).as("Esc, Tab leaves %s", area).isFalse();
        assertThat(afterEditor(area)).as("forwards").isTrue();

        focus(area);
        new Actions(driver).sendKeys(Keys.ESCAPE).keyDown(Keys.SHIFT).sendKeys(Keys.TAB).keyUp(Keys.SHIFT).perform();
        assertThat(inEditor(area)).as("Esc, Shift+Tab leaves %s", area).isFalse();
        assertThat(afterEditor(area)).as("backwards").isFalse();

        // Esc only lends Tab to the next key: typed in between, Tab indents again.
        focus(area);
        assertThat((String) js("var i = document.activeElement; return (i.getAttribute('aria-describedby') || '').split(' ')"
                + ".map(function (id) { var e = document.getElementById(id); return e ? e.textContent : ''; }).join(' ');"))
                .as("the hint the editor is described by").contains("Esc, then Tab");
        new Actions(driver).sendKeys(Keys.ESCAPE).sendKeys(Keys.END).sendKeys(Keys.TAB).perform();
        assertThat(inEditor(area)).as("Esc, End, Tab stays in %s", area).isTrue();
    }

    private void readOnly(String path, String code) {
        open(path);
        assertThat((Boolean) js("var c = document.querySelector(arguments[0]); return c.tagName === 'PRE' && c.tabIndex === 0;", code))
                .as("%s is a focusable pre", code).isTrue();
        focusCode(code);
        new Actions(driver).sendKeys(Keys.TAB).perform();
        // Forwards: to the next field, or out of the page when the code is the last thing on it (the preview).
        assertThat(codeFocused(code)).as("Tab leaves read-only %s", code).isFalse();
        focusCode(code);
        new Actions(driver).keyDown(Keys.SHIFT).sendKeys(Keys.TAB).keyUp(Keys.SHIFT).perform();
        assertThat(codeFocused(code)).as("Shift+Tab leaves read-only %s", code).isFalse();
    }

    private void focusCode(String code) {
        js("var c = document.querySelector(arguments[0]); c.scrollIntoView({block: 'center'}); c.focus();", code);
        assertThat(codeFocused(code)).as("focus in %s", code).isTrue();
    }

    private boolean codeFocused(String code) {
        return (Boolean) js("return document.activeElement === document.querySelector(arguments[0]);", code);
    }

    private String nameOfCode(String code) {
        focusCode(code);
        return driver.switchTo().activeElement().getAccessibleName();
    }

    private String nameOf(String area) {
        focus(area);
        return driver.switchTo().activeElement().getAccessibleName();
    }

    private long entityId() {
        return entities.list(null).stream().filter(e -> e.name().equalsIgnoreCase("D_VESSEL_SCD2"))
                .findFirst().orElseThrow().id();
    }

    private void focus(String area) {
        HeadlessChromium.waiting(driver, Duration.ofSeconds(20)).until(d -> (Boolean) js(
                "var a = document.querySelector(arguments[0]); return !!(a && a.codeMirror);", area));
        js("var cm = document.querySelector(arguments[0]).codeMirror; cm.getWrapperElement().scrollIntoView({block: 'center'});"
                + " cm.focus();", area);
        assertThat(inEditor(area)).as("focus in %s", area).isTrue();
    }

    private boolean inEditor(String area) {
        return (Boolean) js("return document.querySelector(arguments[0]).codeMirror.getWrapperElement()"
                + ".contains(document.activeElement);", area);
    }

    /** Whether focus is on something after the editor in document order. */
    private boolean afterEditor(String area) {
        return (Boolean) js("var w = document.querySelector(arguments[0]).codeMirror.getWrapperElement();"
                + " return !!(w.compareDocumentPosition(document.activeElement) & Node.DOCUMENT_POSITION_FOLLOWING);", area);
    }

    private String value(String area) {
        return (String) js("return document.querySelector(arguments[0]).codeMirror.getValue();", area);
    }

    private void open(String path) {
        signIn();
        // What the tests typed is never saved: leave without the unsaved-changes question.
        js("document.querySelectorAll('[data-dirty]').forEach(function (f) { f.removeAttribute('data-dirty'); });");
        driver.get("http://localhost:" + port + path);
        HeadlessChromium.waiting(driver, Duration.ofSeconds(20))
                .until(d -> "complete".equals(((JavascriptExecutor) d).executeScript("return document.readyState")));
    }

    private void signIn() {
        if (signedIn) {
            return;
        }
        signedIn = true;
        chromium.signIn("http://localhost:" + port);
    }

    private Object js(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }
}
