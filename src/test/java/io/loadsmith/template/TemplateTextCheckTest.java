package io.loadsmith.template;

import io.loadsmith.generation.catalog.TemplateCatalog;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.generation.catalog.LibraryTemplateSource;
import io.loadsmith.generation.render.FreemarkerEngine;
import io.loadsmith.problem.InvalidRequestException;

/** The variant keys a stored template may have: "default", a target dialect, or a family of them. */
class TemplateTextCheckTest {

    private static final LibraryTemplateSource LIBRARY = new LibraryTemplateSource();
    private static final TemplateTextCheck CHECK = new TemplateTextCheck(
            new FreemarkerEngine(new TemplateCatalog(List.of(LIBRARY)), LIBRARY), new DialectRegistry());

    @Test
    void aTemplateWithADialectFamilyVariantPasses() {
        // The shipped scd2 is one template now (its dialect pieces are lib overrides), so the family
        // key is given by hand: a copy of a template keyed by sql2016 and databricks saves.
        Map<String, String> variants = Map.of("default", "SELECT 1", "sql2016", "SELECT 2", "databricks", "SELECT 3");
        assertThat(CHECK.check("t", "variants", variants)).containsKeys("default", "sql2016", "databricks");
    }

    @Test
    void aKeyThatIsNoDialectNorFamilyIsRefusedNamingTheChoices() {
        assertThatThrownBy(() -> CHECK.check("t", "variants", Map.of("oracle", "SELECT 1")))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("sql2016").hasMessageContaining("snowflake");
    }
}
