package io.loadsmith.export.migration;

import static io.loadsmith.export.migration.MigrationFixtures.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.loadsmith.engine.Golden;
import io.loadsmith.exchange.PackageDocument.AttributeDoc;
import io.loadsmith.exchange.PackageDocument.EntityDoc;
import io.loadsmith.exchange.PackageDocument;

/**
 * The plan without an engine: key changes, changes that cannot be expressed, and the Snowflake and
 * BigQuery SQL of a migration with every kind of change in reviewed golden files
 * (src/test/resources/golden/migrations; rewrite with -Dgolden.update=true, then review the diff).
 */
public class MigrationPlanTest {

    private static final Path DIR = Path.of("src/test/resources/golden/migrations");

    /** Every kind of change at once: a new table, a dropped table, each column change, the SCD2 hash refresh. */
    public static PackageDocument everything() {
        List<AttributeDoc> business = new ArrayList<>(vesselBusiness());
        business.add(1, attr("flag_code", null, "VARCHAR", 10));
        List<AttributeDoc> item = new ArrayList<>(itemAttributes());
        item = replace(item, "note", renamed(find(item, "note"), "remark"));
        item = replace(item, "name", retyped(find(item, "name"), "VARCHAR", 100, null, null));
        item = replace(item, "price", decimal("price", 8, 2));
        item = replace(item, "id", retyped(find(item, "id"), "INTEGER8", null, null, null));
        item.add(attr("category", null, "VARCHAR", 30));
        PackageDocument v = version(vessel(business), item);
        List<EntityDoc> entities = new ArrayList<>(v.entities());
        entities.add(new EntityDoc("dw", "store", "store", null, "TABLE", null, null,
                List.of(attr("store_id", null, "INTEGER4", null), attr("city", null, "VARCHAR", 50))));
        return new PackageDocument(v.format(), v.name(), null, null, null, null, null, null, entities, v.loads(), null);
    }

    @ParameterizedTest
    @ValueSource(strings = {"snowflake", "bigquery", "databricks", "redshift", "sqlserver", "synapse", "fabric"})
    void everyKindOfChangeMatchesTheReviewedGoldenFile(String dialect) throws Exception {
        String sql = MIGRATIONS.migrate(v1(), "1", everything(), "2", dialect, true).sql();
        Golden.assertMatches(DIR.resolve("every_change." + dialect + ".sql"), sql);
    }

    @Test
    void thePlanListsEachChangeWithWhetherItIsDestructive() {
        Migration m = MIGRATIONS.plan(v1(), "1", everything(), "2", "postgresql");
        assertThat(m.changes()).extracting(MigrationChange::description, MigrationChange::destructive).containsExactly(
                org.assertj.core.groups.Tuple.tuple("create table dw.store", false),
                org.assertj.core.groups.Tuple.tuple("rename column dw.item.remark: note → remark", false),
                org.assertj.core.groups.Tuple.tuple("widen column dw.item.id: INTEGER4 → INTEGER8 (in SQL INTEGER → BIGINT)", false),
                org.assertj.core.groups.Tuple.tuple("widen column dw.item.name: VARCHAR(20) → VARCHAR(100)", false),
                org.assertj.core.groups.Tuple.tuple("narrow column dw.item.price: DECIMAL(10, 2) → DECIMAL(8, 2)", true),
                org.assertj.core.groups.Tuple.tuple("add column dw.item.category VARCHAR(30)", false),
                org.assertj.core.groups.Tuple.tuple("add column publish.D_VESSEL_SCD2.flag_code VARCHAR(10)", false),
                org.assertj.core.groups.Tuple.tuple("refresh change hash publish.D_VESSEL_SCD2 datahash of the current rows over vessel_id, vessel_name, flag_code, country", false));
        // The list names the types its SQL writes: PostgreSQL's INTEGER8 is BIGINT.
        MigrationChange id = m.changes().get(2);
        assertThat(List.of(id.physicalBefore(), id.physicalAfter())).containsExactly("INTEGER", "BIGINT");
        assertThat(m.sql()).contains("BIGINT");
        assertThat(m.changes().get(3).physicalAfter()).as("VARCHAR(100) is VARCHAR(100) there: not repeated").isNull();
        assertThatThrownBy(() -> MIGRATIONS.migrate(v1(), "1", everything(), "2", "postgresql", false))
                .isInstanceOf(DestructiveMigrationException.class)
                .satisfies(e -> assertThat(((DestructiveMigrationException) e).changes()).extracting(MigrationChange::kind)
                        .containsExactly(ChangeKind.NARROW_TYPE));
    }

    @Test
    void aKeyChangeOfAHistoryTableIsDestructive() {
        List<AttributeDoc> business = new ArrayList<>(vesselBusiness());
        EntityDoc vessel = vessel(business);
        List<AttributeDoc> attributes = new ArrayList<>(vessel.attributes());
        attributes.set(1, attr("vessel_id", null, "CHAR", 32));
        attributes.set(6, attr("vessel_name", "DV_HASHKEY", "VARCHAR", 200));
        PackageDocument v2 = version(new EntityDoc(vessel.schema(), vessel.name(), vessel.logicalName(),
                vessel.entityType(), vessel.physicalType(), null, null, attributes), itemAttributes());
        assertThatThrownBy(() -> MIGRATIONS.migrate(v1(), "1", v2, "2", "postgresql", false))
                .isInstanceOf(DestructiveMigrationException.class)
                .hasMessageContaining("change key publish.D_VESSEL_SCD2: DV_HASHKEY vessel_id, SCD_ID vessel_scd_id → DV_HASHKEY vessel_name,"
                        + " SCD_ID vessel_scd_id")
                .hasMessageContaining("every key gets a new open version");
        Migration allowed = MIGRATIONS.migrate(v1(), "1", v2, "2", "postgresql", true);
        assertThat(allowed.sql()).contains("-- publish.D_VESSEL_SCD2: the key columns change from (DV_HASHKEY vessel_id, SCD_ID"
                + " vessel_scd_id) to (DV_HASHKEY vessel_name, SCD_ID vessel_scd_id)");
    }

    @Test
    void aConversionNoEngineMakesSaysWhichChangeAndWhy() {
        PackageDocument v2 = itemChanged(list -> replace(list, "price", retyped(find(list, "price"), "DATE", null, null, null)));
        assertThatThrownBy(() -> MIGRATIONS.plan(v1(), "1", v2, "2", "postgresql"))
                .isInstanceOf(MigrationNotExpressibleException.class)
                .hasMessage("The migration cannot change the type of dw.item.price from DECIMAL(10, 2) to DATE: no"
                        + " conversion from DECIMAL(10, 2) to DATE keeps the values; drop the attribute and add a new one"
                        + " under another name.");
    }

    @Test
    void aNotNullColumnCannotBeAddedToRowsThatHaveNoValue() {
        PackageDocument v2 = itemChanged(list -> {
            list.add(new AttributeDoc("sku", "VARCHAR", 20, null, null, false, null, null));
            return list;
        });
        assertThatThrownBy(() -> MIGRATIONS.plan(v1(), "1", v2, "2", "duckdb"))
                .isInstanceOf(MigrationNotExpressibleException.class)
                .hasMessageContaining("cannot add column dw.item.sku: the column is NOT NULL");
    }

    @Test
    void bigQueryCannotMakeAColumnNotNullInPlaceSoItRebuildsTheTable() {
        PackageDocument v2 = itemChanged(list -> replace(list, "name",
                new AttributeDoc("name", "VARCHAR", 20, null, null, false, null, null)));
        Migration m = MIGRATIONS.migrate(v1(), "1", v2, "2", "bigquery", true);
        assertThat(m.steps()).extracting(MigrationStep::kind).containsExactly(ChangeKind.REBUILD);
        Migration pg = MIGRATIONS.migrate(v1(), "1", v2, "2", "postgresql", true);
        assertThat(pg.sql()).contains("ALTER TABLE dw.item ALTER COLUMN name SET NOT NULL;");
    }

    // --- the change hash refresh covers what the load hashes (track_columns / track_except) ---

    /** The vessel table with flag_code added after vessel_name, loaded by scd2 with these arguments. */
    private static PackageDocument flagAdded(String scd2Arguments) {
        return version(vessel(withFlag()), itemAttributes(), List.of(vesselLoad(scd2Arguments)));
    }

    private static List<AttributeDoc> withFlag() {
        List<AttributeDoc> business = new ArrayList<>(vesselBusiness());
        business.add(1, attr("flag_code", null, "VARCHAR", 10));
        return business;
    }

    private static PackageDocument loadedWith(String scd2Arguments) {
        return version(vessel(vesselBusiness()), itemAttributes(), List.of(vesselLoad(scd2Arguments)));
    }

    private static List<String> refreshSql(Migration m) {
        return m.steps().stream().filter(s -> s.kind() == ChangeKind.REFRESH_CHANGE_HASH).map(MigrationStep::sql)
                .map(String::strip).toList();
    }

    @ParameterizedTest
    @ValueSource(strings = {":track_columns=country", ":track_except=vessel_name,flag_code"})
    void aColumnTheLoadDoesNotHashNeedsNoRefresh(String arguments) {
        PackageDocument v1 = loadedWith(arguments.replace(",flag_code", ""));
        Migration m = MIGRATIONS.migrate(v1, "1", flagAdded(arguments), "2", "postgresql", false);
        assertThat(m.changes()).extracting(MigrationChange::description)
                .containsExactly("add column publish.D_VESSEL_SCD2.flag_code VARCHAR(10)");
        assertThat(m.sql()).doesNotContain("datahash");
    }

    @Test
    void aTrackedAddedColumnIsHashedWithTheTrackedColumnsOnly() {
        Migration m = MIGRATIONS.migrate(loadedWith(":track_columns=country"), "1",
                flagAdded(":track_columns=country,flag_code"), "2", "postgresql", false);
        assertThat(m.changes()).extracting(MigrationChange::description).containsExactly(
                "add column publish.D_VESSEL_SCD2.flag_code VARCHAR(10)",
                "refresh change hash publish.D_VESSEL_SCD2 datahash of the current rows over flag_code, country");
        // The hashkey is not hashed under track_columns, and the columns are in the table's order.
        assertThat(refreshSql(m)).containsExactly("""
                UPDATE publish.D_VESSEL_SCD2
                SET datahash = MD5(COALESCE(flag_code, '-1') || '~' || COALESCE(country, '-1'))
                WHERE validity_status = 1;""");
    }

    @Test
    void anAddedColumnNotExceptedIsHashedWithTheOtherTrackedColumns() {
        Migration m = MIGRATIONS.migrate(loadedWith(":track_except=vessel_name"), "1",
                flagAdded(":track_except=vessel_name"), "2", "snowflake", false);
        assertThat(m.changes()).extracting(MigrationChange::kind)
                .containsExactly(ChangeKind.ADD_COLUMN, ChangeKind.REFRESH_CHANGE_HASH);
        assertThat(refreshSql(m)).containsExactly("""
                UPDATE publish.D_VESSEL_SCD2
                SET datahash = MD5(NVL(flag_code, '-1') || '~' || NVL(country, '-1'))
                WHERE validity_status = 1;""");
    }

    @Test
    void otherTrackedColumnsAloneRefreshTheHash() {
        Migration m = MIGRATIONS.migrate(loadedWith(":track_columns=country"), "1",
                loadedWith(":track_columns=vessel_name"), "2", "postgresql", false);
        assertThat(m.changes()).extracting(MigrationChange::description).containsExactly(
                "refresh change hash publish.D_VESSEL_SCD2 datahash of the current rows over vessel_name");
        assertThat(MIGRATIONS.migrate(loadedWith(":track_columns=country"), "1", loadedWith(":track_except=vessel_name"),
                "2", "postgresql", false).changes()).as("the same columns, said another way").isEmpty();
    }

    @Test
    void aHashThePlanCannotKnowIsSaidPlainlyAndNotWritten() {
        PackageDocument unloaded = version(vessel(withFlag()), itemAttributes(), List.of());
        assertThatThrownBy(() -> MIGRATIONS.migrate(v1(), "1", unloaded, "2", "postgresql", false))
                .isInstanceOf(DestructiveMigrationException.class)
                .hasMessageContaining("refresh change hash publish.D_VESSEL_SCD2 not made")
                .hasMessageContaining("no load of version 2 calls the scd2 template on it");
        Migration allowed = MIGRATIONS.migrate(v1(), "1", unloaded, "2", "postgresql", true);
        assertThat(allowed.sql()).doesNotContain("UPDATE").contains("-- publish.D_VESSEL_SCD2: the change hash is not"
                + " refreshed: no load of version 2 calls the scd2 template on it");
    }

    @Test
    void aTrackedColumnTheTableDoesNotHaveIsNamedInThePlan() {
        Migration m = MIGRATIONS.plan(v1(), "1", flagAdded(":track_columns=flag"), "2", "postgresql");
        assertThat(m.changes()).last().satisfies(c -> {
            assertThat(c.destructive()).isTrue();
            assertThat(c.reason()).isEqualTo("the plan cannot tell which columns the table's change hash covers"
                    + " (load load_d_vessel_scd2 of version 2: parameter 'track_columns': the target"
                    + " publish.D_VESSEL_SCD2 has no column 'flag' (its columns: vessel_name, flag_code, country));"
                    + " the stored datahash is left as it is, so the next load may open a new version for every key"
                    + " unless datahash is recomputed as that load computes it");
        });
    }

    @Test
    void aPackagesOwnScd2TemplateHasAHashThePlanDoesNotKnow() {
        PackageDocument v2 = flagAdded("");
        PackageDocument shadowing = new PackageDocument(v2.format(), v2.name(), null, null, null, null, null,
                List.of(new PackageDocument.TemplateDoc("scd2", "the package's own", List.of(
                        new PackageDocument.ParameterDoc("temp_table_prefix", "IDENTIFIER", true, null, null)),
                        Map.of("default", "SELECT 1"))), v2.entities(), v2.loads(), null);
        Migration m = MIGRATIONS.plan(v1(), "1", shadowing, "2", "postgresql");
        assertThat(m.changes()).last().satisfies(c -> {
            assertThat(c.description()).isEqualTo("refresh change hash publish.D_VESSEL_SCD2 not made");
            assertThat(c.destructive()).isTrue();
            assertThat(c.reason()).contains("(load load_d_vessel_scd2 of version 2 calls the scd2 template of package"
                    + " 'shop', not the library's, whose change hash the migration does not know)");
        });
        assertThat(m.sql()).doesNotContain("UPDATE");
    }

    // --- renames onto names that other columns give up ---

    /** A swap in place: one step, through a temporary name, so no column's values are converted. */
    @ParameterizedTest
    @ValueSource(strings = {"postgresql", "snowflake", "bigquery", "duckdb", "h2"})
    void aSwapOfNamesRenamesThroughATemporaryName(String dialect) {
        Migration m = MIGRATIONS.migrate(v1(), "1", idAndNameSwapped(), "2", dialect, false);
        assertThat(m.sql()).isEqualTo("""
                /* 1. rename column dw.item.id: name → id; rename column dw.item.name: id → name */
                ALTER TABLE dw.item RENAME COLUMN id TO Z_MIG_id;
                ALTER TABLE dw.item RENAME COLUMN name TO id;
                ALTER TABLE dw.item RENAME COLUMN Z_MIG_id TO name;
                """);
        assertThat(m.steps()).singleElement().satisfies(step -> {
            assertThat(step.kind()).isEqualTo(ChangeKind.RENAME_COLUMN);
            assertThat(step.changes()).hasSize(2);
        });
    }

    /** Delta switches the table to column mapping once, then renames as everywhere. */
    @Test
    void aSwapOfNamesOnDeltaSwitchesToColumnMappingOnce() {
        assertThat(MIGRATIONS.migrate(v1(), "1", idAndNameSwapped(), "2", "databricks", false).sql()).isEqualTo("""
                /* 1. rename column dw.item.id: name → id; rename column dw.item.name: id → name */
                ALTER TABLE dw.item SET TBLPROPERTIES ('delta.columnMapping.mode' = 'name', 'delta.minReaderVersion' = '2', 'delta.minWriterVersion' = '5');
                ALTER TABLE dw.item RENAME COLUMN id TO Z_MIG_id;
                ALTER TABLE dw.item RENAME COLUMN name TO id;
                ALTER TABLE dw.item RENAME COLUMN Z_MIG_id TO name;
                """);
    }

    @Test
    void twoColumnsRenamedFromOneAreRefusedNamingBoth() {
        PackageDocument v2 = itemChanged(list -> new ArrayList<>(List.of(find(list, "id"),
                renamed(find(list, "name"), "label"), renamed(find(list, "name"), "title"))));
        assertThatThrownBy(() -> MIGRATIONS.migrate(v1(), "1", v2, "2", "postgresql", true))
                .isInstanceOf(MigrationNotExpressibleException.class)
                .hasMessageContaining("dw.item")
                .hasMessageContaining("label").hasMessageContaining("title").hasMessageContaining("'name'");
    }

    /** The old column is still there under its own name: which one holds its values is not known. */
    @Test
    void aRenameFromAColumnThatIsKeptIsRefused() {
        PackageDocument v2 = itemChanged(list -> {
            list.add(renamed(find(list, "note"), "remark"));
            return list;
        });
        assertThatThrownBy(() -> MIGRATIONS.migrate(v1(), "1", v2, "2", "postgresql", true))
                .isInstanceOf(MigrationNotExpressibleException.class)
                .hasMessageContaining("dw.item.remark").hasMessageContaining("'note'");
    }

    /** A rename that the older version made already changes nothing, even in a swap. */
    @Test
    void aSwapBothVersionsHaveIsNoChange() {
        assertThat(MIGRATIONS.migrate(idAndNameSwapped(), "2", idAndNameSwapped(), "3", "postgresql", false).changes()).isEmpty();
    }

    // --- a table needs a column ---

    @Test
    void aNewTableWithoutColumnsIsRefusedNamingIt() {
        PackageDocument v2 = itemChanged(list -> list);
        List<EntityDoc> entities = new ArrayList<>(v2.entities());
        entities.add(new EntityDoc("dw", "empty", "empty", null, "TABLE", null, null, List.of()));
        PackageDocument withEmpty = new PackageDocument(v2.format(), v2.name(), null, null, null, null, null, null,
                entities, v2.loads(), null);
        assertThatThrownBy(() -> MIGRATIONS.migrate(v1(), "1", withEmpty, "2", "duckdb", true))
                .isInstanceOf(io.loadsmith.generation.model.GenerationException.class)
                .hasMessageContaining("dw.empty").hasMessageContaining("no attributes");
        assertThatThrownBy(() -> EXPORTER.build(withEmpty, "2", "duckdb", null))
                .isInstanceOf(io.loadsmith.generation.model.GenerationException.class)
                .hasMessageContaining("dw.empty").hasMessageContaining("no attributes");
    }

    @Test
    void droppingEveryColumnOfATableIsRefused() {
        PackageDocument v2 = itemChanged(list -> new ArrayList<>());
        assertThatThrownBy(() -> MIGRATIONS.migrate(v1(), "1", v2, "2", "postgresql", true))
                .isInstanceOf(MigrationNotExpressibleException.class)
                .hasMessageContaining("dw.item").hasMessageContaining("no attributes");
    }
}
