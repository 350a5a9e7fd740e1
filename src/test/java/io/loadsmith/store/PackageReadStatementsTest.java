package io.loadsmith.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.io.ClassPathResource;

import io.loadsmith.exchange.PackageDocument;
import io.loadsmith.exchange.PackageJson;
import io.loadsmith.packages.PackageImporter;
import io.loadsmith.packages.PackageSnapshots;

/**
 * Reading a whole package (what commit and export do) takes the same number of SQL statements for
 * 5 entities as for 300 (no N+1), and reads no more rows when another package of 300 is in the
 * store. Counted at the DataSource (Hibernate and JDBC alike), not timed.
 */
@org.springframework.context.annotation.Import(CountedStatements.class)
// The store's revision is otherwise also read whenever 100 ms have passed since the last look: one
// statement more or less depending on the clock. Here it is read only with the data (or never).
@org.springframework.test.context.TestPropertySource(properties = "loadsmith.store.revision-check-interval=1h")
class PackageReadStatementsTest extends H2StoreTest {

    @Autowired
    PackageImporter importer;

    @Autowired
    PackageSnapshots snapshots;

    @Test
    void statementsDoNotGrowWithTheNumberOfEntities() throws Exception {
        long small = importer.apply(copies("scale_small", 5)).packageId();
        long large = importer.apply(copies("scale_large", 300)).packageId();

        CountedStatements.Counts smallCount = read(small, 5);
        CountedStatements.Counts largeCount = read(large, 300);

        assertThat(smallCount.statements()).as("statements for 5 entities").isPositive();
        assertThat(largeCount.statements()).as("statements for 300 entities vs %s for 5", smallCount)
                .isEqualTo(smallCount.statements());
        assertThat(largeCount.rows()).as("rows for 300 entities vs %s for 5", smallCount)
                .isGreaterThan(50 * smallCount.rows() / 5);
    }

    @Test
    void aPackagesSnapshotReadsOnlyItsOwnEntitiesAndLoads() throws Exception {
        long small = importer.apply(copies("scope_small", 5)).packageId();
        CountedStatements.Counts alone = read(small, 5);
        importer.apply(copies("scope_large", 300));

        CountedStatements.Counts beside = read(small, 5);

        assertThat(beside).as("rows and statements for a package of 5, alone and beside one of 300").isEqualTo(alone);
        assertThat(snapshots.read(small).loads()).extracting(PackageDocument.LoadDoc::name)
                .containsExactly("load_scope_small_0", "load_scope_small_1", "load_scope_small_2", "load_scope_small_3",
                        "load_scope_small_4");
    }

    /**
     * Counted after one read that is not: what the store keeps in memory until it changes (its
     * environments) is read only by a first read after a change, and an import is one.
     */
    private CountedStatements.Counts read(long packageId, int expectedLoads) {
        snapshots.read(packageId);
        CountedStatements.Counted<PackageDocument> read = CountedStatements.count(() -> snapshots.read(packageId));
        assertThat(read.result().entities()).hasSize(expectedLoads);
        assertThat(read.result().loads()).hasSize(expectedLoads);
        assertThat(read.result().entities().get(0).attributes()).hasSize(13);
        return read.counts();
    }

    /** The vessel package with n renamed copies of its entity and load. */
    static PackageDocument copies(String name, int n) throws Exception {
        PackageDocument vessel = PackageJson.read(new ClassPathResource("packages/vessel.json").getContentAsByteArray());
        PackageDocument.EntityDoc entity = vessel.entities().get(0);
        PackageDocument.LoadDoc load = vessel.loads().get(0);
        List<PackageDocument.EntityDoc> entities = new ArrayList<>();
        List<PackageDocument.LoadDoc> loads = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String entityName = "D_" + name.toUpperCase() + "_" + i;
            entities.add(new PackageDocument.EntityDoc(name, entityName, entity.logicalName(), null, entity.physicalType(),
                    null, null, entity.attributes()));
            loads.add(new PackageDocument.LoadDoc("load_" + name + "_" + i, name + "." + entityName, load.loadType(), null,
                    List.of(), load.options(), load.steps()));
        }
        byte[] json = PackageJson.write(new PackageDocument(PackageDocument.FORMAT, name, null, vessel.attributeTypes(),
                List.of(), List.of(), List.of(), List.of(), entities, loads, List.of()));
        return PackageJson.read(new String(json, StandardCharsets.UTF_8).getBytes(StandardCharsets.UTF_8));
    }
}
