package io.loadsmith.load;

import static io.loadsmith.export.migration.MigrationFixtures.find;
import static io.loadsmith.export.migration.MigrationFixtures.itemChanged;
import static io.loadsmith.export.migration.MigrationFixtures.replace;
import static io.loadsmith.export.migration.MigrationFixtures.retyped;
import static io.loadsmith.export.migration.MigrationFixtures.v1;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import io.loadsmith.dialect.UnknownDialectException;
import io.loadsmith.exchange.PackageDocument;
import io.loadsmith.exchange.PackageDocument.AttributeDoc;
import io.loadsmith.export.SqlPackageExporter;
import io.loadsmith.export.migration.DestructiveMigrationException;
import io.loadsmith.export.migration.Migration;
import io.loadsmith.export.migration.MigrationNotExpressibleException;
import io.loadsmith.export.migration.MigrationPlanTest;
import io.loadsmith.export.migration.Migrations;
import io.loadsmith.generation.EngineFactory;
import io.loadsmith.generation.EngineSettings;
import io.loadsmith.generation.model.GenerationException;

/**
 * A migration between two package versions through the one front door, as the API and the command
 * line ask for it: the same SQL as the reviewed golden file, and each refusal one problem of the
 * result (thrown again as raised for the API's 422s) rather than an exception of its own. Running
 * migrations on the engines is MigrationExecutionTest's.
 */
class MigrationFrontDoorTest {

    private static final EngineFactory ENGINES = EngineFactory.standalone();
    private static final Generation GENERATION = Generation.withoutStore(ENGINES.dialects(),
            new SqlPackageExporter(ENGINES, EngineSettings.defaults()), new Migrations(ENGINES, EngineSettings.defaults()));

    private static GenerationResult<Migration> migrate(PackageDocument to, String dialect, boolean allowDestructive) {
        return GENERATION.generate(new GenerationRequest.PackageMigration(v1(), "1", to, "2", dialect, allowDestructive));
    }

    @Test
    void aMigrationIsTheReviewedSql() throws Exception {
        GenerationResult<Migration> result = migrate(MigrationPlanTest.everything(), "snowflake", true);
        assertThat(result.failed()).as("%s", result.problem()).isFalse();
        assertThat(result.dialect()).isEqualTo("snowflake");
        assertThat(result.environment()).isNull();
        assertThat(result.generated().sql())
                .isEqualTo(Files.readString(Path.of("src/test/resources/golden/migrations/every_change.snowflake.sql")));
        assertThat(result.generated().from()).isEqualTo("1");
        assertThat(result.generated().to()).isEqualTo("2");
    }

    @Test
    void destructiveChangesNotAllowedAreOneProblemThrownAgainAsRaised() {
        GenerationResult<Migration> result = migrate(MigrationPlanTest.everything(), "postgresql", false);
        assertThat(result.failed()).isTrue();
        assertThat(result.generated()).isNull();
        assertThat(result.problem().message()).contains("narrow column dw.item.price: DECIMAL(10, 2) → DECIMAL(8, 2)");
        assertThatThrownBy(result::orThrow).isInstanceOfSatisfying(DestructiveMigrationException.class,
                e -> assertThat(e.changes()).isNotEmpty());
    }

    @Test
    void aChangeTheDialectCannotMakeIsOneProblem() {
        PackageDocument toDate = itemChanged(list -> replace(list, "price", retyped(find(list, "price"), "DATE", null, null, null)));
        GenerationResult<Migration> result = migrate(toDate, "postgresql", true);
        assertThat(result.problem().message()).startsWith("The migration cannot change the type of dw.item.price");
        assertThatThrownBy(result::orThrow).isInstanceOf(MigrationNotExpressibleException.class);
    }

    /** Before, the localizer's IllegalArgumentException left the door as it was (a 500 from the API). */
    @Test
    void aNameTheDialectCannotWriteIsAGenerationProblemNamingTheVersion() {
        PackageDocument reserved = itemChanged(list -> {
            list.add(new AttributeDoc("select", "VARCHAR", 20, null, null, true, null, null));
            return list;
        });
        GenerationResult<Migration> result = migrate(reserved, "postgresql", true);
        assertThat(result.problem().message()).startsWith("Version 2: ").contains("'select' is a reserved word");
        assertThatThrownBy(result::orThrow).isInstanceOf(GenerationException.class);
    }

    @Test
    void anUnknownDialectIsRefusedNotReturned() {
        assertThatThrownBy(() -> migrate(v1(), "oracle9", true)).isInstanceOf(UnknownDialectException.class);
    }
}
