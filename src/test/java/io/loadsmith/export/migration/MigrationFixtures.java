package io.loadsmith.export.migration;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.exchange.PackageDocument.AttributeDoc;
import io.loadsmith.exchange.PackageDocument.EntityDoc;
import io.loadsmith.exchange.PackageDocument.LoadDoc;
import io.loadsmith.exchange.PackageDocument.StepDoc;
import io.loadsmith.exchange.PackageDocument;
import io.loadsmith.export.SqlPackageExporter;
import io.loadsmith.generation.EngineFactory;
import io.loadsmith.generation.EngineSettings;
import io.loadsmith.generation.catalog.LibraryTemplateSource;
import io.loadsmith.generation.render.RenderGuard;

/**
 * Package versions for the migration tests, as documents: the seed's vessel SCD2 dimension with its
 * load (scd2 template) and a plain table {@code dw.item} loaded with truncate_insert; a version 2
 * is version 1 with one thing changed.
 */
public final class MigrationFixtures {

    static final LibraryTemplateSource LIBRARY = new LibraryTemplateSource();
    static final DialectRegistry DIALECTS = new DialectRegistry();
    static final EngineFactory ENGINES = new EngineFactory(LIBRARY, DIALECTS, RenderGuard.shared());
    static final Migrations MIGRATIONS = new Migrations(ENGINES, EngineSettings.defaults());
    static final SqlPackageExporter EXPORTER = new SqlPackageExporter(ENGINES, EngineSettings.defaults());

    private MigrationFixtures() {
    }

    static AttributeDoc attr(String name, String type, String datatype, Integer length) {
        return new AttributeDoc(name, datatype, length, null, null, true, type, null);
    }

    static AttributeDoc decimal(String name, int precision, int scale) {
        return new AttributeDoc(name, "DECIMAL", null, precision, scale, true, null, null);
    }

    static EntityDoc vessel(List<AttributeDoc> business) {
        List<AttributeDoc> attributes = new ArrayList<>(List.of(
                attr("vessel_scd_id", "SCD_ID", "CHAR", 32),
                attr("vessel_id", "DV_HASHKEY", "CHAR", 32),
                attr("datahash", "DV_DATAHASH", "CHAR", 32),
                attr("valid_from", "VALID_FROM", "TIMESTAMP", null),
                attr("valid_to", "VALID_TO", "TIMESTAMP", null),
                attr("validity_status", "VALIDITY_STATUS", "INTEGER1", null)));
        attributes.addAll(business);
        return new EntityDoc("publish", "D_VESSEL_SCD2", "VESSEL", "DIM_SCD2", "TABLE", null, null, attributes);
    }

    static List<AttributeDoc> vesselBusiness() {
        return List.of(attr("vessel_name", null, "VARCHAR", 200), attr("country", null, "VARCHAR", 100));
    }

    static LoadDoc vesselLoad() {
        return vesselLoad("");
    }

    /** The vessel load with more arguments of its scd2 call, e.g. ":track_columns=country". */
    static LoadDoc vesselLoad(String scd2Arguments) {
        return new LoadDoc("load_d_vessel_scd2", "publish.D_VESSEL_SCD2", null, null, List.of(), Map.of(), List.of(
                new StepDoc("drop_temp_start", "OVERRIDE", "DROP TABLE IF EXISTS <target_schema>.Z_TMP_<target_entity_name>;"),
                new StepDoc("create_temp_table", "OVERRIDE",
                        "CREATE TABLE <target_schema>.Z_TMP_<target_entity_name> AS SELECT * FROM <target_schema>.vessel_source;"),
                new StepDoc("merge_scd2_with_ftl", "OVERRIDE", "<ftltemplate:scd2:temp_table_prefix=Z_TMP_" + scd2Arguments + ">"),
                new StepDoc("drop_temp_end", "OVERRIDE", "DROP TABLE IF EXISTS <target_schema>.Z_TMP_<target_entity_name>;")));
    }

    static List<AttributeDoc> itemAttributes() {
        return List.of(attr("id", null, "INTEGER4", null), attr("name", null, "VARCHAR", 20), decimal("price", 10, 2),
                attr("note", null, "VARCHAR", 50));
    }

    static EntityDoc item(List<AttributeDoc> attributes) {
        return new EntityDoc("dw", "item", "item", null, "TABLE", null, null, attributes);
    }

    static EntityDoc itemSource(List<AttributeDoc> attributes) {
        return new EntityDoc("stage", "item_src", "item_src", null, "VIEW", null, null, attributes);
    }

    static LoadDoc itemLoad() {
        return new LoadDoc("load_item", "dw.item", null, null, List.of("stage.item_src"), Map.of(),
                List.of(new StepDoc("copy", "OVERRIDE", "<ftltemplate:truncate_insert>")));
    }

    /** A version: the vessel and item tables (item as given), their loads. */
    static PackageDocument version(EntityDoc vessel, List<AttributeDoc> item) {
        return version(vessel, item, vessel == null ? List.of() : List.of(vesselLoad()));
    }

    /** A version with the vessel table loaded by these loads (none, another template, other arguments). */
    static PackageDocument version(EntityDoc vessel, List<AttributeDoc> item, List<LoadDoc> vesselLoads) {
        List<EntityDoc> entities = new ArrayList<>();
        List<LoadDoc> loads = new ArrayList<>();
        if (vessel != null) {
            entities.add(vessel);
            loads.addAll(vesselLoads);
        }
        if (item != null) {
            entities.add(item(item));
            entities.add(itemSource(item));
            loads.add(itemLoad());
        }
        return new PackageDocument(PackageDocument.FORMAT, "shop", null, null, null, null, null, null, entities, loads,
                null);
    }

    public static PackageDocument v1() {
        return version(vessel(vesselBusiness()), itemAttributes());
    }

    /** Version 1 with the item table's attributes changed. */
    public static PackageDocument itemChanged(UnaryOperator<List<AttributeDoc>> change) {
        return version(vessel(vesselBusiness()), change.apply(new ArrayList<>(itemAttributes())));
    }

    static AttributeDoc renamed(AttributeDoc a, String newName) {
        return new AttributeDoc(newName, a.datatype(), a.dataLength(), a.dataPrecision(), a.dataScale(), a.nullable(),
                a.attributeType(), a.description(), a.name());
    }

    /** Version 1 with item's id and name swapped (each renamedFrom the other), types going with the values. */
    static PackageDocument idAndNameSwapped() {
        return itemChanged(list -> {
            AttributeDoc id = find(list, "id");
            AttributeDoc name = find(list, "name");
            list = replace(list, "id", renamed(name, "id"));
            return replace(list, "name", renamed(id, "name"));
        });
    }

    public static AttributeDoc retyped(AttributeDoc a, String datatype, Integer length, Integer precision, Integer scale) {
        return new AttributeDoc(a.name(), datatype, length, precision, scale, a.nullable(), a.attributeType(),
                a.description(), a.renamedFrom());
    }

    public static List<AttributeDoc> replace(List<AttributeDoc> list, String name, AttributeDoc replacement) {
        List<AttributeDoc> result = new ArrayList<>();
        for (AttributeDoc a : list) {
            if (a.name().equals(name)) {
                if (replacement != null) {
                    result.add(replacement);
                }
            } else {
                result.add(a);
            }
        }
        return result;
    }

    public static AttributeDoc find(List<AttributeDoc> list, String name) {
        return list.stream().filter(a -> a.name().equals(name)).findFirst().orElseThrow();
    }
}
