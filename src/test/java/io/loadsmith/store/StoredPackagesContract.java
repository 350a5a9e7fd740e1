package io.loadsmith.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.springframework.context.ApplicationContext;

import io.loadsmith.entity.EntityService;
import io.loadsmith.entity.AttributeJson;
import io.loadsmith.entity.EntityRequest;
import io.loadsmith.entity.EntityResponse;
import io.loadsmith.entitytype.EntityTypeService;
import io.loadsmith.entitytype.LoadType;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.entitytype.EntityTypeRequest;
import io.loadsmith.generation.model.StepType;
import io.loadsmith.load.LoadService;
import io.loadsmith.load.StepKind;
import io.loadsmith.load.LoadRequest;
import io.loadsmith.load.LoadResponse;
import io.loadsmith.load.StepJson;
import io.loadsmith.packageregistry.MetadataPackageService;
import io.loadsmith.packageregistry.PackageRequest;
import io.loadsmith.packageregistry.PackageResponse;

/**
 * A package's entities and loads as its snapshot reads them (by JDBC, not JPA), on each metadata
 * store: the records written out by hand for a package with NULLs, mixed-case and reserved names,
 * a renamed and a quoted attribute, a load that reads its own target, step kinds and options,
 * beside a soft-deleted entity and load and another package's; and the same records as the JPA
 * entities map them, for every package in the store.
 */
public interface StoredPackagesContract {

    ApplicationContext context();

    @Test
    default void aPackagesEntitiesAndLoadsAreReadAsTheyWereSaved() {
        EntityService entities = context().getBean(EntityService.class);
        LoadService loads = context().getBean(LoadService.class);
        MetadataPackageService packages = context().getBean(MetadataPackageService.class);
        EntityTypeService types = context().getBean(EntityTypeService.class);
        PackageResponse pkg = packages.create(new PackageRequest(null, "Snap_Pkg", null));
        PackageResponse other = packages.create(new PackageRequest(null, "snap_other", null));
        long type = types.create(new EntityTypeRequest(null, "Snap_Type", null, null, null, null, null, null,
                List.of(), List.of())).id();
        List<AttributeJson> orderLineAttributes = List.of(
                new AttributeJson("id", "INTEGER8", null, null, null, false, null, null),
                new AttributeJson("Amount", "DECIMAL", null, 12, 2, true, null, "gross, in EUR", "amount_old", true),
                new AttributeJson("desc", "VARCHAR", 200, null, null, null, null, null));
        EntityResponse orderLine = entities.create(new EntityRequest(null, "Order_Lines", "OrderLine", "Snap_Schema",
                "Snap_Type", PhysicalType.TABLE, "Snap_Pkg", "with NULLs", "deny", orderLineAttributes, true));
        EntityResponse select = entities.create(new EntityRequest(null, "TO", null, "Snap_Schema", null,
                PhysicalType.VIEW, "Snap_Pkg", null, null, List.of()));
        EntityResponse gone = entities.create(new EntityRequest(null, "Gone", null, "Snap_Schema", null,
                PhysicalType.TABLE, "Snap_Pkg", null, null, List.of()));
        EntityResponse elsewhere = entities.create(new EntityRequest(null, "Elsewhere", null, "Snap_Schema", null,
                PhysicalType.TABLE, "snap_other", null, null, List.of()));
        List<StepJson> steps = List.of(new StepJson("first", StepType.OVERRIDE, "SELECT 1", StepKind.SQL),
                new StepJson("then", StepType.OVERRIDE, "<ftltemplate:scd2:temp_table_prefix=Z_>"));
        LoadResponse readMe = loads.create(new LoadRequest(null, "Snap_Read_Me", "Snap_Schema.OrderLine", null,
                "reads its own target", List.of("Snap_Schema.TO", "Snap_Schema.OrderLine"), steps,
                Map.of("zeta", "last", "alpha", "first")));
        LoadResponse view = loads.create(new LoadRequest(null, "snap_a_view", "Snap_Schema.TO",
                LoadType.TRANSFORM_SQL_VIEW, null, List.of(), List.of(new StepJson("only", StepType.OVERRIDE, "SELECT 2")),
                Map.of()));
        LoadResponse deleted = loads.create(new LoadRequest(null, "snap_deleted", "Snap_Schema.OrderLine", null, null,
                List.of(), List.of(new StepJson("only", StepType.OVERRIDE, "SELECT 3")), Map.of()));
        LoadResponse foreign = loads.create(new LoadRequest(null, "snap_foreign", "Snap_Schema.Elsewhere", null, null,
                List.of("Snap_Schema.OrderLine"), List.of(new StepJson("only", StepType.OVERRIDE, "SELECT 4")), Map.of()));
        loads.softDelete(deleted.id());
        entities.softDelete(gone.id());
        try {
            List<EntityResponse> read = entities.ofPackage("Snap_Pkg");
            assertThat(read).usingRecursiveFieldByFieldElementComparatorIgnoringFields("createdAt", "updatedAt")
                    .containsExactly(
                            new EntityResponse(orderLine.id(), 0, "OrderLine", "Order_Lines", "Snap_Schema",
                                    "Snap_Schema.OrderLine", "Snap_Type", PhysicalType.TABLE, "Snap_Pkg", "with NULLs",
                                    "deny", List.of(
                                    new AttributeJson("id", "INTEGER8", null, null, null, false, null, null, null, false),
                                    new AttributeJson("Amount", "DECIMAL", null, 12, 2, true, null, "gross, in EUR",
                                            "amount_old", true),
                                    new AttributeJson("desc", "VARCHAR", 200, null, null, true, null, null, null, false)),
                                    null, null, true),
                            new EntityResponse(select.id(), 0, "TO", "TO", "Snap_Schema", "Snap_Schema.TO",
                                    null, PhysicalType.VIEW, "Snap_Pkg", null, null, List.of(), null, null, false));
            assertThat(read).extracting(EntityResponse::createdAt, EntityResponse::updatedAt).containsExactly(
                    org.assertj.core.groups.Tuple.tuple(entities.get(orderLine.id()).createdAt(),
                            entities.get(orderLine.id()).updatedAt()),
                    org.assertj.core.groups.Tuple.tuple(entities.get(select.id()).createdAt(),
                            entities.get(select.id()).updatedAt()));

            List<LoadResponse> readLoads = loads.ofPackage("Snap_Pkg");
            assertThat(readLoads).usingRecursiveFieldByFieldElementComparatorIgnoringFields("createdAt", "updatedAt")
                    .containsExactly(
                            new LoadResponse(readMe.id(), 0, "Snap_Read_Me", "Snap_Schema.OrderLine", "Snap_Pkg",
                                    LoadType.TRANSFORM_PERSIST, "reads its own target",
                                    List.of("Snap_Schema.TO", "Snap_Schema.OrderLine"), steps,
                                    new TreeMap<>(Map.of("alpha", "first", "zeta", "last")), null, null),
                            new LoadResponse(view.id(), 0, "snap_a_view", "Snap_Schema.TO", "Snap_Pkg",
                                    LoadType.TRANSFORM_SQL_VIEW, null, List.of(),
                                    List.of(new StepJson("only", StepType.OVERRIDE, "SELECT 2")), new TreeMap<>(), null, null));
            assertThat(readLoads.get(0).options().keySet()).containsExactly("alpha", "zeta");
            assertThat(readLoads).extracting(LoadResponse::createdAt)
                    .containsExactly(loads.get(readMe.id()).createdAt(), loads.get(view.id()).createdAt());

            assertThat(entities.ofPackage("snap_other")).extracting(EntityResponse::name).containsExactly("Elsewhere");
            assertThat(loads.ofPackage("snap_other")).extracting(LoadResponse::name).containsExactly("snap_foreign");
            assertThat(entities.ofPackage("no_such_package")).isEmpty();
            assertThat(loads.ofPackage("no_such_package")).isEmpty();
        } finally {
            loads.restore(deleted.id());
            entities.restore(gone.id());
            loads.delete(foreign.id());
            loads.delete(deleted.id());
            loads.delete(view.id());
            loads.delete(readMe.id());
            entities.delete(gone.id());
            entities.delete(elsewhere.id());
            entities.delete(select.id());
            entities.delete(orderLine.id());
            types.delete(type);
            packages.delete(other.id());
            packages.delete(pkg.id());
        }
    }

    @Test
    default void everyPackageReadsAsItsEntitiesMapThem() {
        EntityService entities = context().getBean(EntityService.class);
        LoadService loads = context().getBean(LoadService.class);
        List<EntityResponse> allEntities = entities.list(null);
        List<LoadResponse> allLoads = loads.list(null);
        for (PackageResponse pkg : context().getBean(MetadataPackageService.class).list(null)) {
            List<EntityResponse> viaJpa = allEntities.stream().filter(e -> pkg.name().equals(e.packageName())).toList();
            Set<String> targets = viaJpa.stream().map(EntityResponse::qualifiedName).collect(Collectors.toSet());
            assertThat(entities.ofPackage(pkg.name())).as("entities of %s", pkg.name()).isEqualTo(viaJpa);
            assertThat(loads.ofPackage(pkg.name())).as("loads of %s", pkg.name())
                    .isEqualTo(allLoads.stream().filter(l -> targets.contains(l.target())).toList());
        }
    }
}
