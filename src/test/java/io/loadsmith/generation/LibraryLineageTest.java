package io.loadsmith.generation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.engine.InMemoryTemplates;
import io.loadsmith.engine.VesselFixture;
import io.loadsmith.generation.catalog.LibraryTemplateSource;
import io.loadsmith.generation.catalog.TemplateCatalog;
import io.loadsmith.generation.model.GenerationException;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.StepModel;
import io.loadsmith.generation.model.StepType;
import io.loadsmith.generation.render.FreemarkerEngine;

/**
 * A lib file is looked up by the dialect's lineage (lib/&lt;dialect&gt;/x.ftl, its ancestors', then
 * lib/x.ftl), so a dialect overrides a file of macros while the template that imports it is shared.
 */
class LibraryLineageTest {

    private static final LibraryTemplateSource LIBRARY = new LibraryTemplateSource();

    private static String render(String text, String dialect) {
        FreemarkerEngine engine = new FreemarkerEngine(
                new TemplateCatalog(List.of(new InMemoryTemplates().add("probe", text), LIBRARY)), LIBRARY);
        LoadModel base = VesselFixture.load(VesselFixture.SEED_CREATE_TEMP);
        LoadModel load = new LoadModel(base.name(), base.target(), List.of(),
                List.of(new StepModel("probe", StepType.OVERRIDE, "<ftltemplate:probe>")), Map.of());
        String sql = new LoadSqlGenerator(engine, new DialectRegistry(), new ModelLocalizer(DatatypeOverrides.none()))
                .generate(load, dialect, Map.of()).steps().get(0).sql();
        return sql.endsWith(";") ? sql.substring(0, sql.length() - 1) : sql;
    }

    @ParameterizedTest
    @CsvSource({
            "snowflake, '[]|no merge'",        // lib/scd2.ftl: ansi has no file of its own
            "bigquery, '[]|no merge'",
            "postgresql, '[src.]|no merge'",   // lib/sql2016/scd2.ftl, the parent's
            "duckdb, '[src.]|no merge'",
            "h2, '[src.]|no merge'",
            "databricks, '[src.]|merge'"})     // lib/databricks/scd2.ftl, its own
    void theDialectsOwnFileWinsThenItsAncestorsThenTheShared(String dialect, String expected) {
        assertThat(render("<#import \"/lib/scd2.ftl\" as v>[${v.valuesPrefix}]|${v.merge???then(\"merge\", \"no merge\")}", dialect))
                .isEqualTo(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"/lib/sql2016/scd2.ftl", "/lib/databricks/scd2.ftl"})
    void aDialectsFileIsNotReachedByItsPath(String path) {
        assertThatThrownBy(() -> render("<#include \"" + path + "\">", "postgresql"))
                .isInstanceOf(GenerationException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"postgresql", "snowflake", "databricks"})
    void aLibFileWithoutDialectVersionsIsTheSameEverywhere(String dialect) {
        assertThat(render("<#import \"/lib/load.ftl\" as l>${l.qual([\"a\", \"b\"], \"t\")}", dialect)).isEqualTo("t.a, t.b");
    }
}
