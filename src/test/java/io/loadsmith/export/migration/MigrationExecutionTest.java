package io.loadsmith.export.migration;

import static io.loadsmith.export.migration.MigrationFixtures.*;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.loadsmith.dialect.Dialect;
import io.loadsmith.engine.TargetEngine;
import io.loadsmith.exchange.PackageDocument.AttributeDoc;
import io.loadsmith.exchange.PackageDocument;
import io.loadsmith.export.SqlPackage;

/**
 * Migrations executed on PostgreSQL 17, DuckDB and H2 (and, in spark-it, the databricks SQL on Spark
 * with Delta Lake): version 1's DDL is deployed and loaded with
 * its loads, the migration to version 2 runs, every row is compared (expected rows written by
 * hand), then version 2's loads run and the result is checked again.
 */
class MigrationExecutionTest {

    private static final String V1 = "00000000000000000000000000000123";
    private static final String V2 = "00000000000000000000000000000456";
    private static final String VESSELS = """
            SELECT vessel_id, vessel_name, country, valid_from, valid_to, validity_status
            FROM publish.D_VESSEL_SCD2 ORDER BY vessel_id, valid_from""";
    private static final String VESSELS_WITH_FLAG = """
            SELECT vessel_id, vessel_name, flag_code, country, valid_from, valid_to, validity_status
            FROM publish.D_VESSEL_SCD2 ORDER BY vessel_id, valid_from""";
    private static final String ITEMS = "SELECT id, name, price, note FROM dw.item ORDER BY id";
    private static final List<List<String>> ITEM_ROWS = List.of(row("1", "apple", "1.5", "red"),
            row("2", "pear", "0.99", null));

    // --- SCD2: a new column, and history that stays continuous ---

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void addedScd2ColumnIsNullAndOnlyChangedKeysOpenVersions(TargetEngine engine) throws Exception {
        PackageDocument v2 = vesselWithFlag();
        Migration migration = MIGRATIONS.migrate(v1(), "1", v2, "2", engine.dialect(), false);
        assertThat(migration.changes()).extracting(MigrationChange::kind)
                .containsExactly(ChangeKind.ADD_COLUMN, ChangeKind.REFRESH_CHANGE_HASH);
        assertThat(migration.destructive()).isFalse();

        try (Connection db = deployAndLoadVessels(engine)) {
            run(db, migration.sql());
            assertThat(TargetEngine.rows(db, VESSELS_WITH_FLAG)).isEqualTo(List.of(
                    row(V1, "Sea Explorer", null, "Liberia", "2023-01-01 00:00:00", "9999-12-31 00:00:00", "1"),
                    row(V2, "Nordic Star", null, "Norway", "2023-01-01 00:00:00", "9999-12-31 00:00:00", "1")));

            // Version 2's load: V1's source leaves the new column NULL (no change), V2 gets a flag.
            assertThat(afterFlagBatch(db, engine, v2)).isEqualTo(List.of(
                    row(V1, "Sea Explorer", null, "Liberia", "2023-01-01 00:00:00", "9999-12-31 00:00:00", "1"),
                    row(V2, "Nordic Star", null, "Norway", "2023-01-01 00:00:00", "2023-06-01 00:00:00", "0"),
                    row(V2, "Nordic Star", "NO", "Norway", "2023-06-01 00:00:00", "9999-12-31 00:00:00", "1")));
        }
    }

    /** The control: without the hash refresh every key would open a new version. */
    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void withoutTheHashRefreshEveryKeyWouldOpenAVersion(TargetEngine engine) throws Exception {
        PackageDocument v2 = vesselWithFlag();
        Migration migration = MIGRATIONS.migrate(v1(), "1", v2, "2", engine.dialect(), false);
        try (Connection db = deployAndLoadVessels(engine)) {
            migration.steps().stream().filter(s -> s.kind() != ChangeKind.REFRESH_CHANGE_HASH)
                    .forEach(s -> runUnchecked(db, s.sql()));
            TargetEngine.execute(db, "ALTER TABLE publish.vessel_source ADD COLUMN flag_code VARCHAR(10)");
            loadVessels(db, engine, v2, vesselRow(V1, "Sea Explorer", "NULL", "Liberia", "2023-06-01"),
                    vesselRow(V2, "Nordic Star", "NULL", "Norway", "2023-06-01"));
            assertThat(TargetEngine.rows(db, "SELECT COUNT(*) FROM publish.D_VESSEL_SCD2")).containsExactly(row("4"));
        }
    }

    // --- SCD2 with tracked columns: the refresh hashes what the load hashes ---

    /**
     * The load hashes country only (track_columns): flag_code is added untracked, so the stored
     * hash still holds and the migration leaves it; the rerun opens no version and updates the
     * untracked flag of the current version in place.
     */
    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void anUntrackedColumnLeavesTheHashAndTheRerunOpensNoVersion(TargetEngine engine) throws Exception {
        PackageDocument v1 = vesselLoadedWith(vesselBusiness(), ":track_columns=country");
        PackageDocument v2 = vesselLoadedWith(businessWithFlag(), ":track_columns=country");
        Migration migration = MIGRATIONS.migrate(v1, "1", v2, "2", engine.dialect(), false);
        assertThat(migration.changes()).extracting(MigrationChange::kind).containsExactly(ChangeKind.ADD_COLUMN);

        try (Connection db = deployAndLoadVessels(engine, v1)) {
            run(db, migration.sql());
            assertThat(afterFlagBatch(db, engine, v2)).isEqualTo(List.of(
                    row(V1, "Sea Explorer", null, "Liberia", "2023-01-01 00:00:00", "9999-12-31 00:00:00", "1"),
                    row(V2, "Nordic Star", "NO", "Norway", "2023-01-01 00:00:00", "9999-12-31 00:00:00", "1")));
        }
    }

    /**
     * The load hashes all but vessel_name (track_except): the added flag_code is tracked, so the
     * migration recomputes the hash over flag_code and country only, as the load does; the rerun
     * opens a version only for the key whose flag changed.
     */
    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void aTrackedColumnRefreshesTheHashOverTheTrackedColumnsOnly(TargetEngine engine) throws Exception {
        PackageDocument v1 = vesselLoadedWith(vesselBusiness(), ":track_except=vessel_name");
        PackageDocument v2 = vesselLoadedWith(businessWithFlag(), ":track_except=vessel_name");
        Migration migration = MIGRATIONS.migrate(v1, "1", v2, "2", engine.dialect(), false);
        assertThat(migration.changes()).extracting(MigrationChange::kind)
                .containsExactly(ChangeKind.ADD_COLUMN, ChangeKind.REFRESH_CHANGE_HASH);

        try (Connection db = deployAndLoadVessels(engine, v1)) {
            run(db, migration.sql());
            assertThat(afterFlagBatch(db, engine, v2)).isEqualTo(List.of(
                    row(V1, "Sea Explorer", null, "Liberia", "2023-01-01 00:00:00", "9999-12-31 00:00:00", "1"),
                    row(V2, "Nordic Star", null, "Norway", "2023-01-01 00:00:00", "2023-06-01 00:00:00", "0"),
                    row(V2, "Nordic Star", "NO", "Norway", "2023-06-01 00:00:00", "9999-12-31 00:00:00", "1")));
        }
    }

    // --- the plain table: one test per kind of change ---

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void addColumnAtItsPosition(TargetEngine engine) throws Exception {
        PackageDocument v2 = itemChanged(list -> {
            list.add(2, attr("category", null, "VARCHAR", 30));
            return list;
        });
        Migration migration = MIGRATIONS.migrate(v1(), "1", v2, "2", engine.dialect(), false);
        assertThat(migration.changes()).singleElement().satisfies(c -> {
            assertThat(c.kind()).isEqualTo(ChangeKind.ADD_COLUMN);
            assertThat(c.previous()).isEqualTo("name");
        });
        try (Connection db = deployAndLoadItems(engine)) {
            run(db, migration.sql());
            assertThat(TargetEngine.rows(db, "SELECT id, name, category, price, note FROM dw.item ORDER BY id"))
                    .isEqualTo(List.of(row("1", "apple", null, "1.5", "red"), row("2", "pear", null, "0.99", null)));
            TargetEngine.execute(db, "ALTER TABLE stage.item_src ADD COLUMN category VARCHAR(30)");
            TargetEngine.execute(db, "UPDATE stage.item_src SET category = 'fruit'");
            load(db, engine, v2, "load_item");
            assertThat(TargetEngine.rows(db, "SELECT id, name, category, price, note FROM dw.item ORDER BY id"))
                    .isEqualTo(List.of(row("1", "apple", "fruit", "1.5", "red"), row("2", "pear", "fruit", "0.99", null)));
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void widenTypes(TargetEngine engine) throws Exception {
        PackageDocument v2 = itemChanged(list -> {
            list = replace(list, "id", retyped(find(list, "id"), "INTEGER8", null, null, null));
            list = replace(list, "name", retyped(find(list, "name"), "VARCHAR", 100, null, null));
            return replace(list, "price", decimal("price", 14, 4));
        });
        Migration migration = MIGRATIONS.migrate(v1(), "1", v2, "2", engine.dialect(), false);
        assertThat(migration.changes()).extracting(MigrationChange::kind).containsOnly(ChangeKind.WIDEN_TYPE).hasSize(3);
        if (delta(engine)) {
            // INT → BIGINT and DECIMAL(10, 2) → DECIMAL(14, 4) without type widening: the table is rebuilt.
            assertThat(migration.steps()).extracting(MigrationStep::kind).containsExactly(ChangeKind.REBUILD);
        }
        try (Connection db = deployAndLoadItems(engine)) {
            run(db, migration.sql());
            assertThat(TargetEngine.rows(db, ITEMS)).isEqualTo(ITEM_ROWS);
            String longName = "a name that did not fit into twenty characters";
            if (delta(engine)) {
                // Delta widens INT → BIGINT in place only with type widening: the source is made anew.
                TargetEngine.execute(db, "DROP TABLE stage.item_src");
                TargetEngine.execute(db, "CREATE TABLE stage.item_src (id BIGINT, name VARCHAR(100), price DECIMAL(14, 4),"
                        + " note VARCHAR(50))");
                TargetEngine.execute(db, "INSERT INTO stage.item_src VALUES (1, 'apple', 1.50, 'red'), (2, 'pear', 0.99, NULL)");
            } else {
                TargetEngine.execute(db, "ALTER TABLE stage.item_src ALTER COLUMN name SET DATA TYPE VARCHAR(100)");
                TargetEngine.execute(db, "ALTER TABLE stage.item_src ALTER COLUMN id SET DATA TYPE BIGINT");
                TargetEngine.execute(db, "ALTER TABLE stage.item_src ALTER COLUMN price SET DATA TYPE DECIMAL(14, 4)");
            }
            TargetEngine.execute(db, "INSERT INTO stage.item_src VALUES (3000000000, '" + longName + "', 2.125, NULL)");
            load(db, engine, v2, "load_item");
            List<List<String>> expected = new ArrayList<>(ITEM_ROWS);
            expected.add(row("3000000000", longName, "2.125", null));
            assertThat(TargetEngine.rows(db, ITEMS)).isEqualTo(expected);
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void narrowTypeOnlyWhenAllowedAndKeepsValuesThatFit(TargetEngine engine) throws Exception {
        PackageDocument v2 = itemChanged(list -> replace(list, "name", retyped(find(list, "name"), "VARCHAR", 10, null, null)));
        assertThatThrownBy(() -> MIGRATIONS.migrate(v1(), "1", v2, "2", engine.dialect(), false))
                .isInstanceOf(DestructiveMigrationException.class)
                .hasMessageContaining("narrow column dw.item.name: VARCHAR(20) → VARCHAR(10)")
                .hasMessageContaining("allowDestructive=true");
        Migration migration = MIGRATIONS.migrate(v1(), "1", v2, "2", engine.dialect(), true);
        try (Connection db = deployAndLoadItems(engine)) {
            run(db, migration.sql());
            assertThat(TargetEngine.rows(db, ITEMS)).isEqualTo(ITEM_ROWS);
        }
    }

    /**
     * A column that becomes NOT NULL: in place where ALTER COLUMN … SET NOT NULL exists; Delta Lake
     * refuses it ("Cannot change nullable column to non-nullable"), so there the table is rebuilt.
     */
    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void notNullHoldsAfterTheMigration(TargetEngine engine) throws Exception {
        PackageDocument v2 = itemChanged(list -> replace(list, "name",
                new AttributeDoc("name", "VARCHAR", 20, null, null, false, null, null)));
        Migration migration = MIGRATIONS.migrate(v1(), "1", v2, "2", engine.dialect(), true);
        assertThat(migration.steps()).extracting(MigrationStep::kind)
                .containsExactly(delta(engine) ? ChangeKind.REBUILD : ChangeKind.NARROW_TYPE);
        try (Connection db = deployAndLoadItems(engine)) {
            run(db, migration.sql());
            assertThat(TargetEngine.rows(db, ITEMS)).isEqualTo(ITEM_ROWS);
            assertThatThrownBy(() -> TargetEngine.execute(db, "INSERT INTO dw.item VALUES (3, NULL, 1.00, NULL)"))
                    .isInstanceOf(SQLException.class);
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void dropColumnOnlyWhenAllowed(TargetEngine engine) throws Exception {
        PackageDocument v2 = itemChanged(list -> replace(list, "note", null));
        assertThatThrownBy(() -> MIGRATIONS.migrate(v1(), "1", v2, "2", engine.dialect(), false))
                .isInstanceOf(DestructiveMigrationException.class)
                .hasMessageContaining("drop column dw.item.note (was VARCHAR(50))")
                .hasMessageContaining("the column's values are dropped");
        Migration migration = MIGRATIONS.migrate(v1(), "1", v2, "2", engine.dialect(), true);
        assertThat(migration.steps()).extracting(MigrationStep::kind).containsExactly(ChangeKind.DROP_COLUMN);
        try (Connection db = deployAndLoadItems(engine)) {
            run(db, migration.sql());
            assertThat(TargetEngine.rows(db, "SELECT * FROM dw.item ORDER BY id"))
                    .isEqualTo(List.of(row("1", "apple", "1.5"), row("2", "pear", "0.99")));
            columnMapping(db, engine, "stage.item_src");
            TargetEngine.execute(db, "ALTER TABLE stage.item_src DROP COLUMN note");
            load(db, engine, v2, "load_item");
            assertThat(TargetEngine.rows(db, "SELECT * FROM dw.item ORDER BY id"))
                    .isEqualTo(List.of(row("1", "apple", "1.5"), row("2", "pear", "0.99")));
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void renameKeepsTheValues(TargetEngine engine) throws Exception {
        PackageDocument v2 = itemChanged(list -> replace(list, "note", renamed(find(list, "note"), "remark")));
        Migration migration = MIGRATIONS.migrate(v1(), "1", v2, "2", engine.dialect(), false);
        assertThat(migration.changes()).singleElement().extracting(MigrationChange::kind).isEqualTo(ChangeKind.RENAME_COLUMN);
        // In place everywhere: on Delta under column mapping, which the migration switches on.
        assertThat(migration.steps()).extracting(MigrationStep::kind).containsExactly(ChangeKind.RENAME_COLUMN);
        try (Connection db = deployAndLoadItems(engine)) {
            run(db, migration.sql());
            assertThat(TargetEngine.rows(db, "SELECT id, name, price, remark FROM dw.item ORDER BY id")).isEqualTo(ITEM_ROWS);
            columnMapping(db, engine, "stage.item_src");
            TargetEngine.execute(db, "ALTER TABLE stage.item_src RENAME COLUMN note TO remark");
            TargetEngine.execute(db, "UPDATE stage.item_src SET remark = 'ripe' WHERE id = 2");
            load(db, engine, v2, "load_item");
            assertThat(TargetEngine.rows(db, "SELECT id, name, price, remark FROM dw.item ORDER BY id"))
                    .isEqualTo(List.of(row("1", "apple", "1.5", "red"), row("2", "pear", "0.99", "ripe")));
        }
    }

    // --- renames onto names that other columns give up ---

    /** Two columns swap names (the tester's case: an INTEGER and a VARCHAR): values move with them, nothing converts. */
    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void swappedNamesKeepTheirValues(TargetEngine engine) throws Exception {
        PackageDocument v2 = idAndNameSwapped();
        Migration migration = MIGRATIONS.migrate(v1(), "1", v2, "2", engine.dialect(), false);
        assertThat(migration.changes()).extracting(MigrationChange::description).containsExactly(
                "rename column dw.item.id: name → id", "rename column dw.item.name: id → name");
        List<List<String>> swapped = List.of(row("1", "apple", "1.5", "red"), row("2", "pear", "0.99", null));
        String query = "SELECT name, id, price, note FROM dw.item ORDER BY name";
        try (Connection db = deployAndLoadItems(engine)) {
            run(db, migration.sql());
            assertThat(TargetEngine.rows(db, query)).isEqualTo(swapped);
            // and back: the older version's names, each column its own values again
            run(db, MIGRATIONS.migrate(v2, "2", v1(), "3", engine.dialect(), false).sql());
            assertThat(TargetEngine.rows(db, ITEMS)).isEqualTo(ITEM_ROWS);
        }
        try (Connection db = deployAndLoadItems(engine)) {
            run(db, MIGRATIONS.plan(v1(), "1", v2, "2", withoutAlter(engine)).sql());
            assertThat(TargetEngine.rows(db, query)).isEqualTo(swapped);
        }
    }

    /**
     * A cycle of three renames, and a chain into the name of a dropped column (the drop goes first,
     * then each rename once its new name is free), in place and by rebuild.
     */
    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void cyclesAndChainsOfRenamesKeepTheValues(TargetEngine engine) throws Exception {
        PackageDocument cycle = itemChanged(list -> {
            AttributeDoc id = find(list, "id");
            AttributeDoc name = find(list, "name");
            AttributeDoc note = find(list, "note");
            list = replace(list, "id", renamed(note, "id"));
            list = replace(list, "name", renamed(id, "name"));
            return replace(list, "note", renamed(name, "note"));
        });
        PackageDocument chain = itemChanged(list -> new ArrayList<>(List.of(find(list, "id"),
                renamed(find(list, "name"), "note"), renamed(find(list, "note"), "price"))));
        Migration chained = MIGRATIONS.migrate(v1(), "1", chain, "2", engine.dialect(), true);
        assertThat(chained.changes()).extracting(MigrationChange::description).containsExactly(
                "drop column dw.item.price (was DECIMAL(10, 2))", "rename column dw.item.note: name → note",
                "rename column dw.item.price: note → price");
        assertThat(chained.sql()).containsSubsequence("DROP COLUMN price;", "RENAME COLUMN note TO price;",
                "RENAME COLUMN name TO note;");
        for (Dialect dialect : List.of(DIALECTS.get(engine.dialect()), withoutAlter(engine))) {
            try (Connection db = deployAndLoadItems(engine)) {
                run(db, MIGRATIONS.plan(v1(), "1", cycle, "2", dialect).sql());
                assertThat(TargetEngine.rows(db, "SELECT name, note, price, id FROM dw.item ORDER BY name"))
                        .as(dialect.capabilities().toString()).isEqualTo(ITEM_ROWS);
            }
            try (Connection db = deployAndLoadItems(engine)) {
                run(db, MIGRATIONS.plan(v1(), "1", chain, "2", dialect).sql());
                assertThat(TargetEngine.rows(db, "SELECT id, note, price FROM dw.item ORDER BY id"))
                        .isEqualTo(List.of(row("1", "apple", "red"), row("2", "pear", null)));
            }
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void createAndDropTables(TargetEngine engine) throws Exception {
        PackageDocument vesselOnly = version(vessel(vesselBusiness()), null);
        Migration create = MIGRATIONS.migrate(vesselOnly, "1", v1(), "2", engine.dialect(), false);
        assertThat(create.changes()).extracting(MigrationChange::kind).containsExactly(ChangeKind.CREATE_ENTITY);
        assertThatThrownBy(() -> MIGRATIONS.migrate(v1(), "2", vesselOnly, "3", engine.dialect(), false))
                .isInstanceOf(DestructiveMigrationException.class)
                .hasMessageContaining("drop table dw.item (the table and all its rows are dropped)");
        try (Connection db = engine.open()) {
            schemas(db);
            deploy(db, engine, vesselOnly);
            run(db, create.sql());
            itemSource(db);
            load(db, engine, v1(), "load_item");
            assertThat(TargetEngine.rows(db, ITEMS)).isEqualTo(ITEM_ROWS);

            run(db, MIGRATIONS.migrate(v1(), "2", vesselOnly, "3", engine.dialect(), true).sql());
            assertThatThrownBy(() -> TargetEngine.rows(db, ITEMS)).isInstanceOf(SQLException.class);
            assertThat(TargetEngine.rows(db, "SELECT COUNT(*) FROM publish.D_VESSEL_SCD2")).containsExactly(row("0"));
        }
    }

    /** Where ALTER TABLE cannot (the dialect without those capabilities), the table is rebuilt with every row. */
    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void rebuildCarriesEveryColumnChange(TargetEngine engine) throws Exception {
        PackageDocument v2 = itemChanged(list -> {
            list = replace(list, "note", renamed(find(list, "note"), "remark"));
            list = replace(list, "name", retyped(find(list, "name"), "VARCHAR", 100, null, null));
            list = replace(list, "price", null);
            list.add(1, attr("category", null, "VARCHAR", 30));
            return list;
        });
        Migration migration = MIGRATIONS.plan(v1(), "1", v2, "2", withoutAlter(engine));
        assertThat(migration.steps()).singleElement().satisfies(step -> {
            assertThat(step.kind()).isEqualTo(ChangeKind.REBUILD);
            assertThat(step.destructive()).isTrue();
            assertThat(step.changes()).hasSize(4);
        });
        try (Connection db = deployAndLoadItems(engine)) {
            run(db, migration.sql());
            assertThat(TargetEngine.rows(db, "SELECT * FROM dw.item ORDER BY id")).isEqualTo(List.of(
                    row("1", null, "apple", "red"), row("2", null, "pear", null)));
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void roundTripLosesNoData(TargetEngine engine) throws Exception {
        PackageDocument b = itemChanged(list -> {
            list = replace(list, "note", renamed(find(list, "note"), "remark"));
            return replace(list, "name", retyped(find(list, "name"), "VARCHAR", 100, null, null));
        });
        try (Connection db = deployAndLoadItems(engine)) {
            run(db, MIGRATIONS.migrate(v1(), "1", b, "2", engine.dialect(), false).sql());
            Migration back = MIGRATIONS.migrate(b, "2", v1(), "3", engine.dialect(), true);
            assertThat(back.changes()).extracting(MigrationChange::kind)
                    .containsExactly(ChangeKind.RENAME_COLUMN, ChangeKind.NARROW_TYPE);
            run(db, back.sql());
            assertThat(TargetEngine.rows(db, ITEMS)).isEqualTo(ITEM_ROWS);
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void identicalVersionsNeedNoMigration(TargetEngine engine) {
        Migration migration = MIGRATIONS.migrate(v1(), "1", v1(), "2", engine.dialect(), false);
        assertThat(migration.changes()).isEmpty();
        assertThat(migration.steps()).isEmpty();
        assertThat(migration.sql()).isEmpty();
    }

    // --- helpers ---

    /** Spark with Delta Lake (spark-it's TargetEngine.SPARK; the main build has no such engine). */
    private static boolean delta(TargetEngine engine) {
        return engine.dialect().equals("databricks");
    }

    /** Delta renames and drops a source table's columns only under column mapping, as the migration's own tables. */
    private static void columnMapping(Connection db, TargetEngine engine, String table) throws SQLException {
        if (delta(engine)) {
            TargetEngine.execute(db, "ALTER TABLE " + table + " SET TBLPROPERTIES ('delta.columnMapping.mode' = 'name',"
                    + " 'delta.minReaderVersion' = '2', 'delta.minWriterVersion' = '5')");
        }
    }

    private static PackageDocument vesselWithFlag() {
        return version(vessel(businessWithFlag()), itemAttributes());
    }

    private static List<AttributeDoc> businessWithFlag() {
        List<AttributeDoc> business = new ArrayList<>(vesselBusiness());
        business.add(1, attr("flag_code", null, "VARCHAR", 10));
        return business;
    }

    /** The vessel table with these business columns, loaded by scd2 with these further arguments. */
    private static PackageDocument vesselLoadedWith(List<AttributeDoc> business, String scd2Arguments) {
        return version(vessel(business), itemAttributes(), List.of(vesselLoad(scd2Arguments)));
    }

    /** The engine's dialect without in-place ALTER COLUMN, RENAME / DROP COLUMN or column positions. */
    private static Dialect withoutAlter(TargetEngine engine) {
        Dialect d = DIALECTS.get(engine.dialect());
        Map<String, Boolean> capabilities = new HashMap<>(d.capabilities());
        for (String c : List.of("alter_column_type", "alter_column_widen", "rename_column", "drop_column",
                "add_column_position")) {
            capabilities.put(c, false);
        }
        return new Dialect(d.name(), d.label(), d.isAbstract(), d.lineage(), capabilities, d.functions(), d.datatypes(),
                d.maxIdentifierLength(), d.reservedWords(), d.literalEscapes());
    }

    private static Connection deployAndLoadVessels(TargetEngine engine) throws Exception {
        return deployAndLoadVessels(engine, v1());
    }

    /** Version 1 (as given) deployed and loaded with two vessels. */
    private static Connection deployAndLoadVessels(TargetEngine engine, PackageDocument v1) throws Exception {
        Connection db = engine.open();
        schemas(db);
        deploy(db, engine, v1);
        TargetEngine.execute(db, "CREATE TABLE publish.vessel_source (vessel_id CHAR(32), vessel_name VARCHAR(200),"
                + " country VARCHAR(100), valid_from TIMESTAMP)");
        TargetEngine.execute(db, "INSERT INTO publish.vessel_source VALUES ('" + V1 + "', 'Sea Explorer', 'Liberia',"
                + " TIMESTAMP '2023-01-01 00:00:00'), ('" + V2 + "', 'Nordic Star', 'Norway', TIMESTAMP '2023-01-01 00:00:00')");
        load(db, engine, v1, "load_d_vessel_scd2");
        assertThat(TargetEngine.rows(db, VESSELS)).isEqualTo(List.of(
                row(V1, "Sea Explorer", "Liberia", "2023-01-01 00:00:00", "9999-12-31 00:00:00", "1"),
                row(V2, "Nordic Star", "Norway", "2023-01-01 00:00:00", "9999-12-31 00:00:00", "1")));
        return db;
    }

    /** Version 2's load of a batch where V1's flag stays NULL and V2 gets one: the target's rows after it. */
    private static List<List<String>> afterFlagBatch(Connection db, TargetEngine engine, PackageDocument v2)
            throws SQLException {
        TargetEngine.execute(db, "ALTER TABLE publish.vessel_source ADD COLUMN flag_code VARCHAR(10)");
        loadVessels(db, engine, v2, vesselRow(V1, "Sea Explorer", "NULL", "Liberia", "2023-06-01"),
                vesselRow(V2, "Nordic Star", "'NO'", "Norway", "2023-06-01"));
        return TargetEngine.rows(db, VESSELS_WITH_FLAG);
    }

    private static void loadVessels(Connection db, TargetEngine engine, PackageDocument version, String... rows)
            throws SQLException {
        TargetEngine.execute(db, "DELETE FROM publish.vessel_source");
        TargetEngine.execute(db, "INSERT INTO publish.vessel_source (vessel_id, vessel_name, flag_code, country, valid_from)"
                + " VALUES " + String.join(", ", rows));
        load(db, engine, version, "load_d_vessel_scd2");
    }

    private static String vesselRow(String id, String name, String flag, String country, String validFrom) {
        return "('" + id + "', '" + name + "', " + flag + ", '" + country + "', TIMESTAMP '" + validFrom + " 00:00:00')";
    }

    private static Connection deployAndLoadItems(TargetEngine engine) throws Exception {
        Connection db = engine.open();
        schemas(db);
        deploy(db, engine, v1());
        itemSource(db);
        load(db, engine, v1(), "load_item");
        assertThat(TargetEngine.rows(db, ITEMS)).isEqualTo(ITEM_ROWS);
        return db;
    }

    private static void itemSource(Connection db) throws SQLException {
        TargetEngine.execute(db, "CREATE TABLE stage.item_src (id INTEGER, name VARCHAR(20), price DECIMAL(10, 2),"
                + " note VARCHAR(50))");
        TargetEngine.execute(db, "INSERT INTO stage.item_src VALUES (1, 'apple', 1.50, 'red'), (2, 'pear', 0.99, NULL)");
    }

    private static void schemas(Connection db) throws SQLException {
        for (String schema : List.of("publish", "dw", "stage")) {
            TargetEngine.execute(db, "CREATE SCHEMA " + schema);
        }
    }

    /** Version's DDL files, as the SQL package has them. */
    private static void deploy(Connection db, TargetEngine engine, PackageDocument version) throws SQLException {
        for (SqlPackage.File file : EXPORTER.build(version, "v", engine.dialect(), null).files()) {
            if (file.kind().equals("ddl")) {
                TargetEngine.execute(db, file.content());
            }
        }
    }

    private static void load(Connection db, TargetEngine engine, PackageDocument version, String load) throws SQLException {
        SqlPackage sql = EXPORTER.build(version, "v", engine.dialect(), null, io.loadsmith.generation.GenerationOptions.NONE,
                load::equals);
        run(db, sql.files().stream().filter(f -> f.path().equals("loads/" + load + ".sql")).findFirst().orElseThrow()
                .content());
    }

    /** Runs a script; on failure rolls back an open transaction and rethrows. */
    private static void run(Connection db, String sql) throws SQLException {
        try {
            TargetEngine.execute(db, sql);
        } catch (SQLException e) {
            try (var st = db.createStatement()) {
                st.execute("ROLLBACK");
            } catch (SQLException ignored) {
                // No transaction was open.
            }
            throw e;
        }
    }

    private static void runUnchecked(Connection db, String sql) {
        try {
            run(db, sql);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    static List<String> row(String... values) {
        return Arrays.asList(values);
    }
}
