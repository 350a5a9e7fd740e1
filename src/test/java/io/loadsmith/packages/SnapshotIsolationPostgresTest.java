package io.loadsmith.packages;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import javax.sql.DataSource;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import io.loadsmith.packages.deployment.MigrationService;
import io.loadsmith.entity.EntityService;
import io.loadsmith.entity.AttributeJson;
import io.loadsmith.entity.EntityRequest;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.exchange.PackageDocument;
import io.loadsmith.export.SqlPackage;
import io.loadsmith.generation.GenerationOptions;
import io.loadsmith.generation.model.StepType;
import io.loadsmith.load.LoadService;
import io.loadsmith.load.LoadRequest;
import io.loadsmith.load.StepJson;
import io.loadsmith.packageregistry.MetadataPackageService;
import io.loadsmith.packageregistry.PackageRequest;
import io.loadsmith.store.PostgresStoreTest;

/**
 * A package read (commit, export, a migration and its loads) and a load's SQL see the store as it
 * was at one moment, whatever is saved while they read. The writer here renames the package's entity and adds
 * an attribute while holding a lock on load_source, so the read stops half-way (after the
 * entities, before the loads) until the change is committed; read committed, the loads then name
 * an entity the document does not have.
 */
class SnapshotIsolationPostgresTest extends PostgresStoreTest {

    @Autowired
    PackageSnapshots snapshots;

    @Autowired
    PackageVersionService versions;

    @Autowired
    MigrationService migrations;

    @Autowired
    MetadataPackageService packages;

    @Autowired
    EntityService entities;

    @Autowired
    LoadService loads;

    @Autowired
    DataSource dataSource;

    long packageId;
    long entityId;
    long loadId;

    @BeforeEach
    void aPackage() {
        packageId = packages.create(new PackageRequest(null, "Iso_Pkg", null)).id();
        entityId = entities.create(new EntityRequest(null, "Iso_Target", "Iso_Target", "iso", null, PhysicalType.TABLE,
                "Iso_Pkg", null, null, List.of(new AttributeJson("id", "INTEGER8", null, null, null, false, null, null)))).id();
        loadId = loads.create(new LoadRequest(null, "iso_load", "iso.Iso_Target", null, null, List.of(),
                List.of(new StepJson("only", StepType.OVERRIDE, "SELECT * FROM <target_entity_name>")), Map.of())).id();
    }

    @AfterEach
    void removeIt() {
        loads.delete(loadId);
        entities.delete(entityId);
        packages.delete(packageId);
    }

    @Test
    void aPackageReadIsOneMomentOfTheStore() throws Exception {
        PackageDocument before = snapshots.read(packageId);

        PackageDocument during = whileRenamed(() -> snapshots.read(packageId));

        assertThat(during.entities()).extracting(PackageDocument.EntityDoc::name).containsExactly("Iso_Target");
        assertThat(during.loads()).extracting(PackageDocument.LoadDoc::target).containsExactly("iso.Iso_Target");
        assertThat(during).isEqualTo(before);
        assertThat(snapshots.read(packageId).loads()).extracting(PackageDocument.LoadDoc::target)
                .as("the change is there for the next read").containsExactly("iso.Iso_Renamed");
    }

    @Test
    void anExportGeneratesFromOneMomentOfTheStore() throws Exception {
        SqlPackage during = whileRenamed(() -> versions.sqlPackage(packageId, PackageVersionService.WORKING, "h2", null,
                GenerationOptions.NONE, load -> true));

        assertThat(during.files()).extracting(SqlPackage.File::path)
                .containsExactly("ddl/iso.Iso_Target.sql", "loads/iso_load.sql");
    }

    @Test
    void aCommitStoresOneMomentOfTheStore() throws Exception {
        PackageDocument before = snapshots.read(packageId);

        int number = whileRenamed(() -> versions.commit(packageId, "during an edit")).number();

        assertThat(versions.document(packageId, String.valueOf(number))).isEqualTo(before);
    }

    @Test
    void anUpgradesMigrationAndItsLoadsComeFromOneMomentOfTheStore() throws Exception {
        int first = versions.commit(packageId, "first").number();
        entities.update(entityId, new EntityRequest(entities.get(entityId).version(), "Iso_Target", "Iso_Target", "iso",
                null, PhysicalType.TABLE, "Iso_Pkg", "described", null,
                List.of(new AttributeJson("id", "INTEGER8", null, null, null, false, null, null))));

        SqlPackage upgrade = whileRenamed(() -> migrations.upgradePackage(packageId, String.valueOf(first),
                PackageVersionService.WORKING, "h2", null, false, GenerationOptions.NONE));

        assertThat(upgrade.files()).extracting(SqlPackage.File::path)
                .contains("loads/iso_load.sql").noneMatch(path -> path.contains("Renamed"));
        assertThat(upgrade.files()).filteredOn(f -> f.path().equals("loads/iso_load.sql")).singleElement()
                .extracting(SqlPackage.File::content).asString().contains("FROM Iso_Target");
        assertThat(upgrade.files()).map(SqlPackage.File::content).noneMatch(sql -> sql.contains("Iso_Renamed"));
    }

    @Test
    void aLoadsSqlIsOneMomentOfTheStore() throws Exception {
        String during;
        try (Connection writer = dataSource.getConnection(); Statement st = writer.createStatement()) {
            writer.setAutoCommit(false);
            // The load's steps locked: a read of the load waits for them after it has read its entities.
            st.execute("lock table load_step in access exclusive mode");
            st.executeUpdate("update dw_entity set name = 'Iso_Renamed', row_version = row_version + 1 where id = " + entityId);
            st.executeUpdate("update load_step set step_text = 'SELECT ''v2'' FROM <target_entity_name>' where load_id = " + loadId);
            CompletableFuture<String> reading = CompletableFuture.supplyAsync(() -> loads.generate(loadId, "h2", null).sql());
            awaitBlockedOn(reading, "load_step");
            writer.commit();
            during = reading.get(30, TimeUnit.SECONDS);
        }

        assertThat(during).as("the step and the entity's name from the same moment")
                .contains("SELECT 'v2' FROM Iso_Renamed");
    }

    /** What {@code read} returns when the entity is renamed and given an attribute while it runs. */
    private <T> T whileRenamed(Supplier<T> read) throws Exception {
        try (Connection writer = dataSource.getConnection(); Statement st = writer.createStatement()) {
            writer.setAutoCommit(false);
            st.execute("lock table load_source in access exclusive mode");
            st.executeUpdate("update dw_entity set name = 'Iso_Renamed', row_version = row_version + 1 where id = " + entityId);
            st.executeUpdate("insert into dw_attribute (entity_id, position, name, datatype, nullable, case_sensitive)"
                    + " select entity_id, max(position) + 1, 'added', 'INTEGER8', true, false from dw_attribute"
                    + " where entity_id = " + entityId + " group by entity_id");
            CompletableFuture<T> reading = CompletableFuture.supplyAsync(read);
            awaitBlockedOn(reading, "load_source");
            writer.commit();
            return reading.get(30, TimeUnit.SECONDS);
        }
    }

    /** Until the read waits for the writer's lock (or has finished without needing it). */
    private void awaitBlockedOn(CompletableFuture<?> reading, String table) throws Exception {
        JdbcTemplate jdbc = new JdbcTemplate(dataSource);
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!reading.isDone() && System.nanoTime() < until) {
            Integer waiting = jdbc.queryForObject("select count(*) from pg_stat_activity where wait_event_type = 'Lock'"
                    + " and query like '%" + table + "%'", Integer.class);
            if (waiting != null && waiting > 0) {
                return;
            }
            Thread.sleep(20);
        }
        assertThat(reading).as("the read got past the writer's lock: the test no longer stops it half-way").isNotDone();
    }
}
