package io.loadsmith.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

import io.loadsmith.entity.EntityService;
import io.loadsmith.environment.EnvironmentService;
import io.loadsmith.load.LoadService;
import io.loadsmith.packageregistry.MetadataPackageService;
import io.loadsmith.packages.PackageVersionService;

/**
 * No form of the designer loses what was typed: on each, fields are filled with something the server
 * refuses, the form is sent, and every visible field of the form that comes back holds what it held
 * before, with a message. Password fields are the exception by design: a password is never written
 * back into a page. Screenshots: target/screenshots/refused-*.png. Skips without Chromium.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestPropertySource(properties = {
        "spring.datasource.url=jdbc:h2:mem:formrefusals;DB_CLOSE_DELAY=-1",
        "loadsmith.admin.password=" + io.loadsmith.security.TestAccounts.PASSWORD})
class FormRefusalsBrowserTest {

    @RegisterExtension
    static final HeadlessChromium.PerClass browser = new HeadlessChromium.PerClass();

    /** The form's fields a person sees and types into, as name=value (checkboxes and radios: name[value]=checked). */
    private static final String FIELDS = "var f = document.querySelector(arguments[0]);"
            + " return Array.from(f.elements).filter(e => e.name && e.tagName !== 'BUTTON'"
            + " && !['hidden', 'submit', 'button', 'password', 'file'].includes(e.type))"
            + ".map(e => e.name + (e.type === 'radio' || e.type === 'checkbox' ? '[' + e.value + ']' : '') + '=' + ("
            + " e.type === 'checkbox' || e.type === 'radio' ? e.checked"
            + " : e.multiple ? Array.from(e.selectedOptions).map(o => o.value).join(',') : e.value));";

    @LocalServerPort
    int port;

    @Autowired
    EntityService entities;
    @Autowired
    LoadService loads;
    @Autowired
    EnvironmentService environments;
    @Autowired
    MetadataPackageService packages;
    @Autowired
    PackageVersionService versions;

    private ChromeDriver driver;
    private String base;
    private static boolean committed;

    @BeforeEach
    void signIn() {
        base = "http://localhost:" + port;
        driver = browser.signedIn(base);
        if (!committed) {
            versions.commit(packages.list("demo").get(0).id(), "so that a second commit is refused");
            committed = true;
        }
    }

    @Test
    void theEntityForms() throws IOException {
        long entity = entities.list(null).get(0).id();
        refused("entity", "/entities/" + entity, "#entity-form", "#entity-form button[value=save]", Map.of(
                "description", "Typed, then refused", "attributes[0].name", "bad name!", "attributes[1].description", "typed too"));
        refused("entity-new", "/entities/new", "#new-entity-form", "#new-entity-form button[type=submit]", Map.of(
                "logicalName", "Ship", "name", "bad name!", "schema", "publish", "description", "typed"));
    }

    @Test
    void theLoadForms() throws IOException {
        long load = loads.list(null).get(0).id();
        refused("load", "/loads/" + load, "#load-form", "#load-form button[value=save]", Map.of(
                "name", "bad name!", "description", "Typed, then refused", "#sources-list input:not(:checked)", "true"));
        refused("load-new", "/loads/new", "#new-load-form", "#new-load-form button[type=submit]", Map.of(
                "name", "bad name!", "description", "typed"));
    }

    @Test
    void theTemplateAndPresetForms() throws IOException {
        refused("template", "/configuration/templates/new", "#template-form", "#save-template", Map.of(
                "name", "bad name!", "description", "Typed, then refused"));
        refused("preset", "/presets/new", "#preset-form", "#save-preset", Map.of(
                "name", "bad name!", "description", "Typed, then refused"));
    }

    /** Both environment forms: the message only at the refused one, at its field. */
    @Test
    void theEnvironmentForms() throws IOException {
        refused("environment-new", "/environments", "#new-environment", "#new-environment button[type=submit]", Map.of(
                "name", "qa", "description", "Typed, then refused", "variables", "target_db=QA_DB\nnot a line"));
        assertThat(driver.findElements(By.cssSelector("#new-environment .field-error"))).extracting(e -> e.getText())
                .containsExactly("'not a line' line 2 is not NAME=value");
        assertThat(driver.findElements(By.cssSelector("article .error-summary, article .field-error"))).isEmpty();

        long dev = environments.list(null).stream().filter(e -> e.name().equals("dev")).findFirst().orElseThrow().id();
        String form = "form[action$='/environments/" + dev + "']";
        driver.get(base + "/environments");
        js("document.querySelector(arguments[0]).closest('details').open = true;", form);
        refused("environment-edit", null, form, form + " button[type=submit]", Map.of(
                "description", "Typed, then refused", "variables", "target_db=DEV2_DB\nnot a line"));
        assertThat(driver.findElement(By.cssSelector(form)).findElement(By.xpath("..")).getDomAttribute("open")).isNotNull();
        assertThat(driver.findElements(By.cssSelector("#new-environment .error-summary, #new-environment .field-error"))).isEmpty();
    }

    @Test
    void theAccountPackageAndImportForms() throws IOException {
        String tokens = "form[action$='/account/tokens']";
        refused("token", "/account", tokens, tokens + " button[type=submit]", Map.of(
                "name", "n".repeat(129), "scope", "WRITE", "expiresInDays", "365"));
        refused("commit", "/packages/demo", "form[action$='/packages/demo/commit']",
                "form[action$='/packages/demo/commit'] button[type=submit]", Map.of("message", "Typed, then refused"));
        refused("import", "/packages/import", "form[action$='/packages/import']",
                "form[action$='/packages/import'] button[type=submit]", Map.of("json", "{\"not\": \"a package"));
        refused("package-new", "/packages/new", "#new-package-form", "#create-package", Map.of(
                "name", "bad name!", "description", "Typed, then refused"));

        // A refused password change is said at its field; the passwords typed are not written back into the page.
        String password = "form[action$='/account/password']";
        refused("password", "/account", password, password + " button[type=submit]", Map.of());
    }

    /**
     * A required template parameter left empty is refused at its field; once it is typed, the live
     * preview generates and the field is no longer marked, before any save.
     */
    @Test
    void aParameterFixedInPlaceLosesItsMarkWhenThePreviewResolvesIt() {
        driver.get(base + "/loads/" + loads.list(null).get(0).id());
        String field = "[id$='-param-temp_table_prefix']";
        waitUntil("!!document.querySelector(arguments[0])", field);
        js("var e = document.querySelector(arguments[0]); e.value = '';", field);
        js("document.getElementById('load-form').setAttribute('data-probe', 'sent');");
        driver.findElement(By.cssSelector("#load-form button[value=save]")).click();
        waitUntil("!document.querySelector('[data-probe]') && !!document.querySelector(arguments[0])", field);
        String param = "document.querySelector(arguments[0]).closest('.param')";
        assertThat((String) js("return " + param + ".querySelector('.param-error').textContent;", field))
                .contains("temp_table_prefix");

        driver.findElement(By.cssSelector(field)).sendKeys("tmp_");
        waitUntil("!!document.querySelector('#preview-sql') && !document.querySelector('#preview-error')");
        waitUntil("!" + param + ".classList.contains('has-error')", field);
        assertThat((Boolean) js("return !!" + param + ".querySelector('.param-error');", field)).isFalse();
        assertThat(driver.findElement(By.cssSelector(field)).getDomAttribute("aria-invalid")).isNull();
        js("document.querySelectorAll('[data-dirty]').forEach(f => f.removeAttribute('data-dirty'));");
    }

    /** The entity page asks before leaving once its attribute grid is edited, as the load page does. */
    @Test
    void editingTheAttributeGridArmsTheLeaveWarning() {
        driver.get(base + "/entities/" + entities.list(null).get(0).id());
        assertThat(driver.findElement(By.id("entity-form")).getDomAttribute("data-dirty")).isNull();
        driver.findElement(By.cssSelector("[name='attributes[2].description']")).sendKeys("x");
        assertThat(driver.findElement(By.id("entity-form")).getDomAttribute("data-dirty")).isEqualTo("true");
        assertThat(driver.findElement(By.cssSelector("#entity-form .unsaved")).getText()).contains("not saved yet");
        assertThat((Boolean) js("var e = new Event('beforeunload', {cancelable: true}); window.dispatchEvent(e);"
                + " return e.defaultPrevented;")).as("leaving asks first").isTrue();
        js("document.querySelectorAll('[data-dirty]').forEach(f => f.removeAttribute('data-dirty'));");
    }

    /**
     * Opens {@code page} (or stays, when null), fills {@code fill} (field name → value) into the form, sends it with
     * {@code submit}, waits for the refused form to come back and compares its fields with what was sent.
     */
    private void refused(String name, String page, String form, String submit, Map<String, String> fill) throws IOException {
        if (page != null) {
            driver.get(base + page);
        }
        waitUntil("document.readyState === 'complete' && !!document.querySelector(arguments[0])", form);
        for (Map.Entry<String, String> field : fill.entrySet()) {
            // A field by name, or (a key starting with '#') by selector: one of several boxes of the same name.
            js("var e = arguments[1].startsWith('#') ? document.querySelector(arguments[1])"
                    + " : document.querySelector(arguments[0]).elements[arguments[1]];"
                    + " if (e.type === 'checkbox') { e.checked = arguments[2] === 'true'; } else { e.value = arguments[2]; }"
                    + " e.dispatchEvent(new Event('input', {bubbles: true})); e.dispatchEvent(new Event('change', {bubbles: true}));",
                    form, field.getKey(), field.getValue());
        }
        if (name.equals("password")) {
            js("var f = document.querySelector(arguments[0]); f.elements['currentPassword'].value = 'not the password at all';"
                    + " f.elements['newPassword'].value = 'a new password of length';", form);
        }
        Map<String, String> before = fields(form);
        js("document.querySelector(arguments[0]).setAttribute('data-probe', 'sent');", form);
        driver.findElement(By.cssSelector(submit)).click();
        waitUntil("document.readyState === 'complete' && !document.querySelector('[data-probe]')"
                + " && !!document.querySelector(arguments[0])", form);
        browser.get().shoot("refused-" + name, 1400, 2400);
        assertThat(driver.findElements(By.cssSelector(".error-summary, .field-error")))
                .as(name + ": a message says why").isNotEmpty();
        assertThat(fields(form)).as(name + ": the fields as typed").isEqualTo(before);
        js("document.querySelectorAll('[data-dirty]').forEach(f => f.removeAttribute('data-dirty'));");
    }

    private Map<String, String> fields(String form) {
        Map<String, String> fields = new LinkedHashMap<>();
        for (Object field : (List<?>) js(FIELDS, form)) {
            String text = (String) field;
            fields.put(text.substring(0, text.indexOf('=')), text.substring(text.indexOf('=') + 1));
        }
        return fields;
    }

    private Object js(String script, Object... args) {
        return ((JavascriptExecutor) driver).executeScript(script, args);
    }

    private void waitUntil(String condition, Object... args) {
        HeadlessChromium.waiting(driver, Duration.ofSeconds(30)).until(d -> Boolean.TRUE.equals(js("return " + condition + ";", args)));
    }
}
