package io.loadsmith.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.hibernate.SessionFactory;
import org.hibernate.stat.Statistics;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.core.io.ClassPathResource;

import io.loadsmith.entity.WarehouseEntity;
import io.loadsmith.exchange.PackageDocument;
import io.loadsmith.exchange.PackageJson;
import io.loadsmith.load.Load;
import io.loadsmith.packages.PackageImporter;
import io.loadsmith.packages.PackageSnapshots;
import jakarta.persistence.EntityManagerFactory;

/**
 * Reading a whole package (what commit and export do) takes the same number of SQL statements for
 * 5 entities as for 60: no N+1. Counted with Hibernate's statistics, not timed.
 */
class PackageReadStatementsTest extends H2StoreTest {

    @Autowired
    PackageImporter importer;

    @Autowired
    PackageSnapshots snapshots;

    @Autowired
    EntityManagerFactory emf;

    @Test
    void statementsDoNotGrowWithTheNumberOfEntities() throws Exception {
        long small = importer.apply(copies("scale_small", 5)).packageId();
        long large = importer.apply(copies("scale_large", 300)).packageId();
        Statistics stats = emf.unwrap(SessionFactory.class).getStatistics();
        stats.setStatisticsEnabled(true);

        long smallCount = statements(stats, small, 5);
        long largeCount = statements(stats, large, 300);

        assertThat(largeCount).as("statements for 300 entities vs %s for 5", smallCount).isEqualTo(smallCount);
    }

    @Test
    void aPackagesSnapshotReadsOnlyItsOwnEntitiesAndLoads() throws Exception {
        long small = importer.apply(copies("scope_small", 5)).packageId();
        importer.apply(copies("scope_large", 300));
        Statistics stats = emf.unwrap(SessionFactory.class).getStatistics();
        stats.setStatisticsEnabled(true);
        stats.clear();

        PackageDocument document = snapshots.read(small);

        assertThat(document.entities()).hasSize(5);
        assertThat(document.loads()).extracting(PackageDocument.LoadDoc::name)
                .containsExactly("load_scope_small_0", "load_scope_small_1", "load_scope_small_2", "load_scope_small_3",
                        "load_scope_small_4");
        assertThat(stats.getEntityStatistics(WarehouseEntity.class.getName()).getLoadCount())
                .as("entities read for a package of 5 beside one of 300").isEqualTo(5);
        assertThat(stats.getEntityStatistics(Load.class.getName()).getLoadCount())
                .as("loads read for a package of 5 beside one of 300").isEqualTo(5);
    }

    private long statements(Statistics stats, long packageId, int expectedLoads) {
        stats.clear();
        PackageDocument document = snapshots.read(packageId);
        assertThat(document.loads()).hasSize(expectedLoads);
        assertThat(document.entities().get(0).attributes()).hasSize(13);
        return stats.getPrepareStatementCount();
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
