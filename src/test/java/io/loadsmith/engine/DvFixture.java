package io.loadsmith.engine;

import static io.loadsmith.engine.Loads.attr;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import io.loadsmith.generation.model.AttributeMappingModel;
import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.MappingModel;
import io.loadsmith.generation.model.StepModel;

/**
 * Entities and mappings of the generated-load scenarios: a customer stage, its hub and satellite,
 * an order stage and its link, built as the mapping store will hand them to the generator.
 */
final class DvFixture {

    /** A name as the engine's dialect quotes it in SQL written by a test ("..." or `...` on Spark). */
    static String quoted(TargetEngine engine, String name) {
        return new io.loadsmith.dialect.DialectRegistry().get(engine.dialect()).quoteIdentifier(name);
    }

    /** Whether the engine's dialect runs a load's statements in one transaction (Databricks does not). */
    static boolean transactional(TargetEngine engine) {
        return new io.loadsmith.dialect.DialectRegistry().get(engine.dialect()).supports("multi_statement_transactions");
    }

    static final AttributeModel CUSTOMER_ID = attr("customer_id", "VARCHAR");
    static final AttributeModel NAME = attr("name", "VARCHAR");
    static final AttributeModel CITY = attr("city", "VARCHAR");
    static final AttributeModel LOAD_TS = attr("load_ts", "TIMESTAMP");
    static final AttributeModel REC_SRC = attr("rec_src", "VARCHAR");
    static final EntityModel CUSTOMER_STG = typed("stage", "customer_stg", "STAGE",
            CUSTOMER_ID, NAME, CITY, LOAD_TS, REC_SRC);

    static final AttributeModel PRODUCT_ID = attr("product_id", "VARCHAR");
    static final EntityModel ORDER_STG = typed("stage", "order_stg", "STAGE",
            CUSTOMER_ID, PRODUCT_ID, LOAD_TS, REC_SRC);

    static final AttributeModel DV_ID = attr("dv_id", "DV_HASHKEY", "CHAR", 32);
    static final AttributeModel DV_LOAD_TIME = attr("dv_load_time", "DV_LOAD_TIME", "TIMESTAMP", null);
    static final AttributeModel DV_RECORD_SOURCE = attr("dv_record_source", "DV_RECORD_SOURCE", "VARCHAR", 100);
    static final AttributeModel DV_DATAHASH = attr("dv_datahash", "DV_DATAHASH", "CHAR", 32);
    static final AttributeModel BUSINESS_KEY = attr("business_key", "DV_BUSINESS_KEY", "VARCHAR", 200);

    static final EntityModel HUB = typed("dv", "hub_customer", "HUB", DV_ID, BUSINESS_KEY, DV_LOAD_TIME, DV_RECORD_SOURCE);
    static final EntityModel SAT = typed("dv", "sat_customer", "SAT", DV_ID, DV_LOAD_TIME, DV_RECORD_SOURCE, DV_DATAHASH,
            NAME, CITY);

    static final AttributeModel DV_ID_CUSTOMER = attr("dv_id_customer", "DV_REFERENCING_HASHKEY", "CHAR", 32);
    static final AttributeModel DV_ID_PRODUCT = attr("dv_id_product", "DV_REFERENCING_HASHKEY", "CHAR", 32);
    static final EntityModel LINK = typed("dv", "link_order", "LINK", DV_ID, DV_ID_CUSTOMER, DV_ID_PRODUCT,
            DV_LOAD_TIME, DV_RECORD_SOURCE);

    private DvFixture() {
    }

    /** A fresh database of the engine with schemas stage and dv and the tables. */
    static java.sql.Connection open(TargetEngine engine, EntityModel... tables) throws java.sql.SQLException {
        java.sql.Connection db = engine.open();
        TargetEngine.execute(db, "CREATE SCHEMA stage; CREATE SCHEMA dv");
        for (EntityModel table : tables) {
            Loads.create(db, engine, table);
        }
        return db;
    }

    /** Replaces the stage table's rows with the values (none: an empty batch). */
    static void batch(java.sql.Connection db, EntityModel stage, String values) throws java.sql.SQLException {
        TargetEngine.execute(db, "DELETE FROM " + stage.qualifiedName());
        if (!values.isEmpty()) {
            TargetEngine.execute(db, "INSERT INTO " + stage.qualifiedName() + " VALUES " + values);
        }
    }

    static EntityModel typed(String schema, String name, String entityType, AttributeModel... attributes) {
        return new EntityModel(name, name, schema, entityType, "TABLE", List.of(attributes));
    }

    static EntityModel view(EntityModel table) {
        return new EntityModel(table.name(), table.logicalName(), table.schema(), table.entityType(), "VIEW",
                table.attributes());
    }

    static AttributeMappingModel map(AttributeModel target, String transformation, AttributeModel... sources) {
        return new AttributeMappingModel(target, List.of(sources), transformation, null);
    }

    static AttributeMappingModel copy(AttributeModel target, AttributeModel source) {
        return map(target, null, source);
    }

    static MappingModel mapping(EntityModel source, AttributeMappingModel... attributes) {
        return new MappingModel("m_" + source.name(), "SOURCE", 1, source, List.of(attributes));
    }

    static LoadModel load(String name, EntityModel target, Map<String, String> options, List<MappingModel> mappings,
                          StepModel... steps) {
        List<EntityModel> sources = new ArrayList<>();
        mappings.forEach(m -> sources.add(m.sourceEntity()));
        return new LoadModel(name, target, sources, Arrays.asList(steps), options, mappings);
    }

    static LoadModel load(String name, EntityModel target, MappingModel mapping, StepModel... steps) {
        return load(name, target, Map.of(), List.of(mapping), steps);
    }

    static MappingModel hubMapping() {
        return mapping(CUSTOMER_STG, map(DV_ID, "HASH_KEY", CUSTOMER_ID), map(BUSINESS_KEY, "BUSINESS_KEY", CUSTOMER_ID),
                copy(DV_LOAD_TIME, LOAD_TS), copy(DV_RECORD_SOURCE, REC_SRC));
    }

    static MappingModel satMapping() {
        return mapping(CUSTOMER_STG, map(DV_ID, "HASH_KEY", CUSTOMER_ID), copy(DV_LOAD_TIME, LOAD_TS),
                copy(DV_RECORD_SOURCE, REC_SRC), map(DV_DATAHASH, "HASH_DIFF", NAME, CITY), copy(NAME, NAME),
                copy(CITY, CITY));
    }

    static MappingModel linkMapping() {
        return mapping(ORDER_STG, map(DV_ID, "HASH_KEY", CUSTOMER_ID, PRODUCT_ID),
                map(DV_ID_CUSTOMER, "HASH_KEY", CUSTOMER_ID), map(DV_ID_PRODUCT, "HASH_KEY", PRODUCT_ID),
                copy(DV_LOAD_TIME, LOAD_TS), copy(DV_RECORD_SOURCE, REC_SRC));
    }
}
