package io.loadsmith.template;

import io.loadsmith.generation.catalog.TemplateCatalog;
import io.loadsmith.generation.catalog.TemplateKind;
import io.loadsmith.generation.catalog.TemplateDefinition;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.generation.FreemarkerEngine;
import io.loadsmith.generation.catalog.LibraryTemplateSource;
import io.loadsmith.problem.InvalidRequestException;

/** The variant keys a stored template may have: "default", a target dialect, or a family of them. */
class TemplateTextCheckTest {

    private static final LibraryTemplateSource LIBRARY = new LibraryTemplateSource();
    private static final TemplateTextCheck CHECK = new TemplateTextCheck(
            new FreemarkerEngine(new TemplateCatalog(List.of(LIBRARY)), LIBRARY), new DialectRegistry());

    @Test
    void aCopyOfTheShippedScd2WithItsSql2016FamilyVariantPasses() {
        TemplateDefinition scd2 = LIBRARY.find(TemplateKind.TEMPLATE, "scd2").orElseThrow();
        assertThat(scd2.variants()).containsKey("sql2016");
        assertThat(CHECK.check("scd2", "variants", scd2.variants())).containsKeys("default", "sql2016", "databricks");
    }

    @Test
    void aKeyThatIsNoDialectNorFamilyIsRefusedNamingTheChoices() {
        assertThatThrownBy(() -> CHECK.check("t", "variants", Map.of("oracle", "SELECT 1")))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("sql2016").hasMessageContaining("snowflake");
    }
}
