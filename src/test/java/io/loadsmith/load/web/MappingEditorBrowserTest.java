package io.loadsmith.load.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

import io.loadsmith.engine.TargetEngine;
import io.loadsmith.entity.AttributeJson;
import io.loadsmith.entity.EntityRequest;
import io.loadsmith.entity.EntityService;
import io.loadsmith.entitytype.AttributeTypeRequest;
import io.loadsmith.entitytype.AttributeTypeService;
import io.loadsmith.entitytype.EntityTypeRequest;
import io.loadsmith.entitytype.EntityTypeService;
import io.loadsmith.entitytype.LoadType;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.generation.model.StepType;
import io.loadsmith.load.AttributeMapping;
import io.loadsmith.load.EntityMapping;
import io.loadsmith.load.LoadRequest;
import io.loadsmith.load.LoadService;
import io.loadsmith.load.StepJson;
import io.loadsmith.template.TemplateRequest;
import io.loadsmith.template.TemplateService;
import io.loadsmith.web.HeadlessChromium;

/**
 * The mapping editor in headless Chromium. A stage mapped into a hub in four interactions (choose the
 * source entity, which maps by name; type the key's source; pick HASH_KEY; Save), its saved load
 * generated and run on PostgreSQL, DuckDB and H2 against rows written out by hand; then Map all into,
 * a reorder, CUSTOM in the code editor, the confirmed adding of what the target lacks, a refusal at its
 * row with everything typed kept, and a reload showing what was saved. Screenshots:
 * target/screenshots/mapping-editor-{1400,800}.png, neither scrolling sideways. Skips without Chromium.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestPropertySource(properties = {
        "spring.datasource.url=jdbc:h2:mem:mappingeditorbrowser;DB_CLOSE_DELAY=-1",
        "loadsmith.admin.password=" + io.loadsmith.security.TestAccounts.PASSWORD})
class MappingEditorBrowserTest {

    @RegisterExtension
    static final HeadlessChromium.PerClass BROWSER = new HeadlessChromium.PerClass();

    @LocalServerPort
    int port;

    @Autowired
    EntityService entities;
    @Autowired
    LoadService loads;
    @Autowired
    AttributeTypeService attributeTypes;
    @Autowired
    EntityTypeService entityTypes;
    @Autowired
    TemplateService templates;

    static AttributeJson column(String name, String datatype, Integer length, String attributeType) {
        return new AttributeJson(name, datatype, length, null, null, true, attributeType, null);
    }

    @Test
    void aStageMappedIntoAHubByNameWithItsHashKeyLoadsTheHub() throws Exception {
        for (String type : List.of("DV_BUSINESS_KEY", "DV_LOAD_TIME", "DV_RECORD_SOURCE")) {
            attributeTypes.create(new AttributeTypeRequest(null, type, null, null));
        }
        entityTypes.create(new EntityTypeRequest(null, "HUB", null, null, null, "rdv", PhysicalType.TABLE, null, List.of(),
                List.of(new EntityTypeRequest.LoadTypeJson(PhysicalType.TABLE, LoadType.TRANSFORM_PERSIST))));
        entities.create(new EntityRequest(null, "STG_CUSTOMER", "STG_CUSTOMER", "staging", null, PhysicalType.TABLE, null, null,
                null, List.of(column("CUSTOMER_NO", "VARCHAR", 20, null), column("LOAD_DTS", "TIMESTAMP", null, null),
                column("REC_SRC", "VARCHAR", 20, null))));
        entities.create(new EntityRequest(null, "H_CUSTOMER", "H_CUSTOMER", "rdv", "HUB", PhysicalType.TABLE, null, null, null,
                List.of(column("hk_customer", "CHAR", 32, "DV_HASHKEY"), column("customer_no", "VARCHAR", 20, "DV_BUSINESS_KEY"),
                        column("load_dts", "TIMESTAMP", null, "DV_LOAD_TIME"), column("rec_src", "VARCHAR", 20, "DV_RECORD_SOURCE"))));
        long id = loads.create(new LoadRequest(null, "load_h_customer", "rdv.H_CUSTOMER", null, null, List.of(),
                List.of(new StepJson("hub", StepType.OVERRIDE, "<ftltemplate:generated_hub>")), Map.of())).id();

        ChromeDriver driver = open(id);
        WebDriverWait wait = HeadlessChromium.waiting(driver, Duration.ofSeconds(20));
        // 1: the source entity, which maps by name at once; the keyboard stays on the choice.
        new Select(driver.findElement(By.id("mapping.mappings0.source"))).selectByValue("staging.STG_CUSTOMER");
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("mapping-note"), "Mapped 3 target attributes by name."));
        assertThat(driver.switchTo().activeElement().getDomAttribute("id")).isEqualTo("mapping.mappings0.source");
        assertThat(value(driver, "mapping.rows1.sources")).isEqualTo("CUSTOMER_NO");
        assertThat(value(driver, "mapping.rows2.sources")).isEqualTo("LOAD_DTS");
        assertThat(driver.findElements(By.id("add-targets"))).isEmpty();
        // Marked unsaved, so leaving asks first (the beforeunload warning reads data-dirty).
        assertThat(driver.findElement(By.id("load-form")).getDomAttribute("data-dirty")).isEqualTo("true");
        assertThat(driver.findElement(By.id("load-editor")).getText()).contains("Changed, not saved yet");
        // 2: the key's source; 3: its type, whose description shows beside it.
        driver.findElement(By.id("mapping.rows0.sources")).sendKeys("CUSTOMER_NO");
        new Select(driver.findElement(By.id("mapping.rows0.transformationType"))).selectByValue("HASH_KEY");
        // (the shipped formula's opening comment)
        assertThat(driver.findElement(By.id("mapping-type-help-0")).getText())
                .isEqualTo("MD5 of the upper-cased, '~'-joined key parts, each trimmed, '' as NULL, NULL as '-1' (see /lib/hash.ftl).");
        // The live preview follows the draft: the hub's insert reads the stage before anything is saved.
        wait.until(d -> sql(d).toLowerCase().contains("stg_customer"));
        // 4: Save.
        driver.findElement(By.id("save-load")).click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("load-editor"), "Saved."));
        assertThat(driver.findElement(By.id("load-form")).getDomAttribute("data-dirty")).isNull();

        assertThat(loads.get(id).mappings()).containsExactly(new EntityMapping("staging.STG_CUSTOMER", "SOURCE", null, List.of(
                new AttributeMapping("hk_customer", List.of("CUSTOMER_NO"), "HASH_KEY", null),
                new AttributeMapping("customer_no", List.of("CUSTOMER_NO"), null, null),
                new AttributeMapping("load_dts", List.of("LOAD_DTS"), null, null),
                new AttributeMapping("rec_src", List.of("REC_SRC"), null, null))));
        for (TargetEngine engine : TargetEngine.values()) {
            assertThat(hubAfterOneBatch(engine, loads.generate(id, engine.dialect(), null).sql())).as(engine.dialect())
                    .containsExactly(
                            // md5('C1'): 'c1' and 'C1' are one key, its earliest row goes in (the key a plain copy).
                            List.of("1a2ddc2db4693cfd16d534cde5572cc1", "c1", "2024-01-01 09:00:00", "crm"),
                            // md5('C2')
                            List.of("f1a543f5a2c5d49bc5dde298fcf716e4", "c2", "2024-01-02 00:00:00", "erp"));
        }
    }

    /** The hub and stage of the test on a fresh database, one batch of the stage, the load run; the hub's rows by key. */
    static List<List<String>> hubAfterOneBatch(TargetEngine engine, String sql) throws Exception {
        try (Connection db = engine.open()) {
            TargetEngine.execute(db, "CREATE SCHEMA staging; CREATE SCHEMA rdv;"
                    + " CREATE TABLE staging.stg_customer (customer_no VARCHAR(20), load_dts TIMESTAMP, rec_src VARCHAR(20));"
                    + " CREATE TABLE rdv.h_customer (hk_customer CHAR(32), customer_no VARCHAR(20), load_dts TIMESTAMP, rec_src VARCHAR(20));"
                    + " INSERT INTO staging.stg_customer VALUES ('c1', TIMESTAMP '2024-01-01 09:00:00', 'crm'),"
                    + " ('C1', TIMESTAMP '2024-01-01 10:00:00', 'erp'), ('c2', TIMESTAMP '2024-01-02 00:00:00', 'erp')");
            TargetEngine.execute(db, sql);
            return TargetEngine.rows(db, "SELECT hk_customer, customer_no, load_dts, rec_src FROM rdv.h_customer ORDER BY hk_customer");
        }
    }

    @Test
    void mapAllIntoReorderCustomAddingToTheTargetARefusalAtItsRowAndTheReload() throws Exception {
        entities.create(new EntityRequest(null, "STG_SHOP", "STG_SHOP", "staging", null, PhysicalType.TABLE, null, null,
                null, List.of(column("SHOP_NO", "VARCHAR", 20, null), column("NAME", "VARCHAR", 40, null),
                column("CITY", "VARCHAR", 40, null), column("EMAIL", "VARCHAR", 80, null))));
        long target = entities.create(new EntityRequest(null, "D_SHOP", "D_SHOP", "publish", null, PhysicalType.TABLE, null, null,
                null, List.of(column("dh", "CHAR", 32, "DV_DATAHASH"), column("shop_no", "VARCHAR", 20, null),
                        column("name", "VARCHAR", 40, null), column("city", "VARCHAR", 40, null),
                        column("loaded_at", "TIMESTAMP", null, null)))).id();
        // A comment line that shows the mapping as target=sources[type] (for the preview), then a query of the mapped expressions.
        templates.create(new TemplateRequest(null, "select_mapped", null, null, List.of(), Map.of("default", """
                <#include "/lib/mapping.ftl">
                <#assign m = model.load.mappings[0]>
                -- <#list m.attributeMappings as a>${a.targetAttribute.name}=<#list a.sourceAttributes as s>${s.name}<#sep>+</#sep></#list>[${a.transformationType!}]<#sep> </#sep></#list>
                SELECT <@transformationList mapping=m prefix="s"/> FROM ${sourceTable(m)} s ORDER BY 2""")));
        long id = loads.create(new LoadRequest(null, "load_d_shop", "publish.D_SHOP", null, null, List.of(),
                List.of(new StepJson("select", StepType.OVERRIDE, "<ftltemplate:select_mapped>")), Map.of())).id();

        ChromeDriver driver = open(id);
        WebDriverWait wait = HeadlessChromium.waiting(driver, Duration.ofSeconds(20));
        new Select(driver.findElement(By.id("mapping.mappings0.source"))).selectByValue("staging.STG_SHOP");
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("mapping-note"), "Mapped 3 target attributes by name."));
        // Map by name's confirmation: the target lacks EMAIL; only the button adds it, with its datatype.
        assertThat(driver.findElement(By.id("missing-targets")).getText())
                .contains("publish.D_SHOP has no attribute named EMAIL VARCHAR(80).");
        assertThat(entities.get(target).attributes()).hasSize(5);
        driver.findElement(By.id("add-targets")).click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("mapping-note"),
                "Added EMAIL VARCHAR(80) to publish.D_SHOP. Mapped 1 target attribute by name."));
        assertThat(entities.get(target).attributes()).last().satisfies(a -> assertThat(List.of(a.name(), a.datatype(), a.dataLength(), a.nullable()))
                .isEqualTo(List.of("EMAIL", "VARCHAR", 80, true)));
        assertThat(value(driver, "mapping.rows5.sources")).isEqualTo("EMAIL");

        // Map all into the datahash: the payload rows' sources (not the typed dh itself), then reordered by hand.
        new Select(driver.findElement(By.id("map-into-target"))).selectByValue("dh");
        driver.findElement(By.id("map-into")).click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("mapping-note"), "Mapped the payload into dh."));
        assertThat(value(driver, "mapping.rows0.sources")).isEqualTo("SHOP_NO, NAME, CITY, EMAIL");
        retype(driver.findElement(By.id("mapping.rows0.sources")), "EMAIL, CITY, NAME, SHOP_NO");
        new Select(driver.findElement(By.id("mapping.rows0.transformationType"))).selectByValue("HASH_DIFF");
        // CUSTOM opens the SQL editor for its expression.
        new Select(driver.findElement(By.id("mapping.rows4.transformationType"))).selectByValue("CUSTOM");
        WebElement code = driver.findElement(By.cssSelector("#mapping-row-4 .mapping-formula .CodeMirror"));
        assertThat(code.isDisplayed()).isTrue();
        code.click();
        driver.switchTo().activeElement().sendKeys("current_timestamp");
        // The live preview follows each change (the editor's code included).
        wait.withMessage(() -> "the preview: " + driver.findElement(By.id("preview")).getText()).until(d -> sql(d).contains("dh=EMAIL+CITY+NAME+SHOP_NO[HASH_DIFF]")
                && sql(d).contains("loaded_at=[CUSTOM]"));
        // A plain copy of two columns: refused at its row.
        retype(driver.findElement(By.id("mapping.rows3.sources")), "CITY, NAME");
        driver.findElement(By.id("save-load")).click();
        wait.until(ExpectedConditions.attributeContains(By.id("mapping-row-3"), "class", "has-error"));
        assertThat(driver.findElement(By.id("mapping-row-3")).getText()).contains("a plain copy (no transformation type) takes exactly one source attribute");
        assertThat(driver.findElements(By.cssSelector("tr.mapping-row.has-error"))).hasSize(1);
        // Everything typed is still there, the editor's code included; nothing was stored.
        assertThat(value(driver, "mapping.rows3.sources")).isEqualTo("CITY, NAME");
        assertThat(value(driver, "mapping.rows0.sources")).isEqualTo("EMAIL, CITY, NAME, SHOP_NO");
        assertThat(new Select(driver.findElement(By.id("mapping.rows0.transformationType"))).getFirstSelectedOption().getDomAttribute("value"))
                .isEqualTo("HASH_DIFF");
        assertThat(driver.findElement(By.cssSelector("#mapping-row-4 .mapping-formula .CodeMirror")).getText()).contains("current_timestamp");
        assertThat(driver.findElement(By.id("load-editor")).getText()).doesNotContain("\"errors\"");
        assertThat(loads.get(id).mappings()).isEmpty();
        BROWSER.get().shoot("mapping-editor-refused-1400", 1400, 4000);
        driver.manage().window().setSize(new Dimension(1400, 1000));

        retype(driver.findElement(By.id("mapping.rows3.sources")), "CITY");
        driver.findElement(By.id("save-load")).click();
        wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("load-editor"), "Saved."));
        assertThat(loads.get(id).mappings()).containsExactly(new EntityMapping("staging.STG_SHOP", "SOURCE", null, List.of(
                new AttributeMapping("dh", List.of("EMAIL", "CITY", "NAME", "SHOP_NO"), "HASH_DIFF", null),
                new AttributeMapping("shop_no", List.of("SHOP_NO"), null, null),
                new AttributeMapping("name", List.of("NAME"), null, null),
                new AttributeMapping("city", List.of("CITY"), null, null),
                new AttributeMapping("loaded_at", List.of(), "CUSTOM", "current_timestamp"),
                new AttributeMapping("EMAIL", List.of("EMAIL"), null, null))));

        // A reload draws what was saved.
        driver.navigate().refresh();
        wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#mapping-row-4 .CodeMirror")));
        assertThat(value(driver, "mapping.rows0.sources")).isEqualTo("EMAIL, CITY, NAME, SHOP_NO");
        assertThat(value(driver, "mapping.rows3.sources")).isEqualTo("CITY");
        assertThat(driver.findElement(By.id("mapping-type-help-4")).getText()).isEqualTo("an SQL expression of your own");
        assertThat(driver.findElement(By.cssSelector("#mapping-row-4 .CodeMirror")).getText()).contains("current_timestamp");
        assertThat(driver.findElement(By.id("load-editor")).getText()).doesNotContain("Changed, not saved yet");
        assertThat(sql(driver)).contains("dh=EMAIL+CITY+NAME+SHOP_NO[HASH_DIFF] shop_no=SHOP_NO[] name=NAME[]"
                + " city=CITY[] loaded_at=[CUSTOM] EMAIL=EMAIL[]");
        // The saved mappings' SQL on each engine: the datahash over the reordered columns, the CUSTOM expression a timestamp.
        for (TargetEngine engine : TargetEngine.values()) {
            assertThat(selected(engine, loads.generate(id, engine.dialect(), null).steps().get(0).sql())).as(engine.dialect())
                    .containsExactly(
                            // md5('-1~Oslo~Shop One~S1'): EMAIL, CITY, NAME, SHOP_NO, a NULL as '-1'
                            List.of("8db6b6f6e67ae12005ff7a5897eb6dd6", "S1", "Shop One", "Oslo", "timestamp", "null"),
                            // md5('two@x.org~Rome~Two~S2')
                            List.of("60747e52cf439014c9b7ff4a31a123bb", "S2", "Two", "Rome", "timestamp", "two@x.org"));
        }

        for (int width : new int[] {1400, 800}) {
            BROWSER.get().shoot("mapping-editor-" + width, width, 4000);
            assertThat((Boolean) driver.executeScript("var e = document.scrollingElement; return e.scrollWidth > e.clientWidth;"))
                    .as("sideways scroll at %s px", width).isFalse();
        }
        driver.manage().window().setSize(new Dimension(1400, 1000));
    }

    /** The stage of the test on a fresh database, two rows, the query run: its rows, a timestamp shown as "timestamp". */
    static List<List<String>> selected(TargetEngine engine, String query) throws Exception {
        try (Connection db = engine.open()) {
            TargetEngine.execute(db, "CREATE SCHEMA staging;"
                    + " CREATE TABLE staging.stg_shop (shop_no VARCHAR(20), name VARCHAR(40), city VARCHAR(40), email VARCHAR(80));"
                    + " INSERT INTO staging.stg_shop VALUES ('S1', 'Shop One', 'Oslo', NULL), ('S2', 'Two', 'Rome', 'two@x.org')");
            return TargetEngine.rows(db, query.strip().replaceAll(";$", "")).stream().map(row -> {
                List<String> shown = new java.util.ArrayList<>(row);
                shown.set(4, row.get(4) != null && row.get(4).matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d.*") ? "timestamp" : row.get(4));
                shown.set(5, row.get(5) == null ? "null" : row.get(5));
                return shown;
            }).toList();
        }
    }

    private ChromeDriver open(long load) {
        String base = "http://localhost:" + port;
        ChromeDriver driver = BROWSER.signedIn(base);
        driver.manage().window().setSize(new Dimension(1400, 1000));
        driver.get(base + "/loads/" + load);
        HeadlessChromium.waiting(driver, Duration.ofSeconds(20)).until(ExpectedConditions.presenceOfElementLocated(By.id("mapping-editor")));
        return driver;
    }

    /** The generated SQL of the preview: a pre, drawn with the page. */
    private static String sql(org.openqa.selenium.WebDriver driver) {
        return driver.findElement(By.id("preview-sql")).getDomProperty("textContent");
    }

    private static String value(org.openqa.selenium.WebDriver driver, String id) {
        return driver.findElement(By.id(id)).getDomProperty("value");
    }

    private static void retype(WebElement field, String text) {
        field.sendKeys(Keys.chord(Keys.CONTROL, "a"), Keys.BACK_SPACE);
        field.sendKeys(text);
    }
}
