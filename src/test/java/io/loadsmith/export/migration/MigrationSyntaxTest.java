package io.loadsmith.export.migration;

import static io.loadsmith.export.migration.MigrationFixtures.MIGRATIONS;
import static io.loadsmith.export.migration.MigrationFixtures.v1;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.engine.DialectSyntax;
import io.loadsmith.exchange.PackageDocument.EntityDoc;
import io.loadsmith.exchange.PackageDocument;

/**
 * The migration with every kind of change (MigrationPlanTest.everything) on the dialects that do not
 * run here, read by JSqlParser and checked against what each dialect lacks (DialectSyntax); its text
 * is in the reviewed golden files of MigrationPlanTest.
 */
class MigrationSyntaxTest {

    @ParameterizedTest
    @ValueSource(strings = {"redshift", "sqlserver", "synapse", "fabric"})
    void everyKindOfChangeParsesAndUsesOnlyWhatTheDialectHas(String dialect) {
        String sql = MIGRATIONS.migrate(v1(), "1", MigrationPlanTest.everything(), "2", dialect, true).sql();

        assertThat(DialectSyntax.problems(sql, new DialectRegistry().get(dialect))).as(sql).isEmpty();
        // The rebuilt table gets its name back the engine's way.
        assertThat(sql).contains(switch (dialect) {
            case "redshift" -> "ALTER TABLE dw.Z_MIG_item RENAME TO item;";
            case "synapse" -> "RENAME OBJECT dw.Z_MIG_item TO item;";
            default -> "EXEC sp_rename 'dw.Z_MIG_item', 'item';";
        });
    }

    static PackageDocument withCaseSensitiveItem(PackageDocument d) {
        List<EntityDoc> entities = d.entities().stream().map(e -> !"item".equals(e.name()) ? e : new EntityDoc(e.schema(),
                e.name(), e.logicalName(), e.entityType(), e.physicalType(), e.description(), e.fullRefreshPolicy(), true,
                e.attributes())).toList();
        return new PackageDocument(d.format(), d.name(), null, null, null, null, null, null, entities, d.loads(), null);
    }

    /** sp_rename takes the new name as text: [item] would become the name itself, brackets and all. */
    @Test
    void aCaseSensitiveTableIsRenamedBackToItsPlainNameOnSqlServer() {
        String sql = MIGRATIONS.migrate(withCaseSensitiveItem(v1()), "1", withCaseSensitiveItem(MigrationPlanTest.everything()),
                "2", "sqlserver", true).sql();

        assertThat(sql).contains("DROP TABLE dw.[item];", "EXEC sp_rename 'dw.Z_MIG_item', 'item';");
        assertThat(DialectSyntax.problems(sql, new DialectRegistry().get("sqlserver"))).as(sql).isEmpty();
    }
}
