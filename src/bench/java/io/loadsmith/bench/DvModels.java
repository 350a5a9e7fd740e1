package io.loadsmith.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.loadsmith.generation.model.AttributeMappingModel;
import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.MappingModel;

/**
 * The mapped Data Vault loads of benchmarks 15 and 16, shaped like the execution tests' DvFixture
 * (which lives in the test sources, package-private): a customer stage with its hub, satellite and
 * PSA, an order stage with its link, a phone stage with its multi-active satellite.
 */
final class DvModels {

    static final AttributeModel CUSTOMER_ID = attr("customer_id", "VARCHAR");
    static final AttributeModel NAME = attr("name", "VARCHAR");
    static final AttributeModel CITY = attr("city", "VARCHAR");
    static final AttributeModel LOAD_TS = attr("load_ts", "TIMESTAMP");
    static final AttributeModel REC_SRC = attr("rec_src", "VARCHAR");
    static final AttributeModel PRODUCT_ID = attr("product_id", "VARCHAR");
    static final AttributeModel PHONE = attr("phone", "VARCHAR");

    static final AttributeModel DV_ID = attr("dv_id", "DV_HASHKEY", "CHAR", 32);
    static final AttributeModel DV_LOAD_TIME = attr("dv_load_time", "DV_LOAD_TIME", "TIMESTAMP", null);
    static final AttributeModel DV_RECORD_SOURCE = attr("dv_record_source", "DV_RECORD_SOURCE", "VARCHAR", 100);
    static final AttributeModel DV_DATAHASH = attr("dv_datahash", "DV_DATAHASH", "CHAR", 32);
    static final AttributeModel BUSINESS_KEY = attr("business_key", "DV_BUSINESS_KEY", "VARCHAR", 200);
    static final AttributeModel DV_ID_CUSTOMER = attr("dv_id_customer", "DV_REFERENCING_HASHKEY", "CHAR", 32);
    static final AttributeModel DV_ID_PRODUCT = attr("dv_id_product", "DV_REFERENCING_HASHKEY", "CHAR", 32);
    static final AttributeModel DW_ID = attr("dw_id", "DV_HASHKEY", "CHAR", 32);
    static final AttributeModel DW_HASH = attr("dw_hash", "DV_DATAHASH", "CHAR", 32);

    private DvModels() {
    }

    /** One benchmarked load: its stage, its target and the mapping between them. */
    record Case(String name, String resource, EntityModel stage, EntityModel target, MappingModel mapping,
                String index, String compareColumns) {

        LoadModel load() {
            return DvModels.load("load_" + target.name(), target, mapping);
        }
    }

    static List<Case> cases() {
        EntityModel customerStg = typed("stage", "customer_stg", "STAGE", CUSTOMER_ID, NAME, CITY, LOAD_TS, REC_SRC);
        EntityModel orderStg = typed("stage", "order_stg", "STAGE", CUSTOMER_ID, PRODUCT_ID, LOAD_TS, REC_SRC);
        EntityModel phoneStg = typed("stage", "phone_stg", "STAGE", CUSTOMER_ID, PHONE, LOAD_TS, REC_SRC);
        EntityModel psaStg = typed("stage", "psa_stg", "STAGE", CUSTOMER_ID, NAME, CITY, LOAD_TS, REC_SRC);
        EntityModel psa = typed("dv", "psa_customer", "PSA", DW_ID, DV_LOAD_TIME, DW_HASH, CUSTOMER_ID, NAME, CITY, REC_SRC);
        return List.of(
                new Case("hub", "hub", customerStg, hub(0), hubMapping(customerStg),
                        "dv_id", "dv_id, business_key, dv_load_time, dv_record_source"),
                new Case("link", "link", orderStg, link(0), linkMapping(orderStg),
                        "dv_id", "dv_id, dv_id_customer, dv_id_product, dv_load_time, dv_record_source"),
                new Case("sat", "sat", customerStg, sat(0), satMapping(customerStg),
                        "dv_id, dv_load_time", "dv_id, dv_load_time, dv_record_source, dv_datahash, name, city"),
                new Case("sat_ma", "sat_ma", phoneStg, typed("dv", "sat_ma_phone", "SAT_MA", DV_ID, DV_LOAD_TIME,
                        DV_RECORD_SOURCE, DV_DATAHASH, PHONE), mapping(phoneStg, map(DV_ID, "HASH_KEY", CUSTOMER_ID),
                        copy(DV_LOAD_TIME, LOAD_TS), copy(DV_RECORD_SOURCE, REC_SRC), map(DV_DATAHASH, "HASH_LIST", PHONE),
                        copy(PHONE, PHONE)),
                        "dv_id, dv_load_time", "dv_id, dv_load_time, dv_record_source, dv_datahash, phone"),
                new Case("psa", "psa", psaStg, psa, mapping(psaStg, map(DW_ID, "HASH_KEY", CUSTOMER_ID),
                        copy(DV_LOAD_TIME, LOAD_TS), map(DW_HASH, "HASH_DIFF", CUSTOMER_ID, NAME, CITY, REC_SRC),
                        copy(CUSTOMER_ID, CUSTOMER_ID), copy(NAME, NAME), copy(CITY, CITY), copy(REC_SRC, REC_SRC)),
                        "dw_id, dw_hash", "dw_id, dv_load_time, dw_hash, customer_id, name, city, rec_src"));
    }

    /** {@code count} mapped loads for the generator benchmark: hubs, links and satellites in turn, each its own target. */
    static List<LoadModel> mixedLoads(int count) {
        EntityModel customerStg = typed("stage", "customer_stg", "STAGE", CUSTOMER_ID, NAME, CITY, LOAD_TS, REC_SRC);
        EntityModel orderStg = typed("stage", "order_stg", "STAGE", CUSTOMER_ID, PRODUCT_ID, LOAD_TS, REC_SRC);
        List<LoadModel> loads = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            switch (i % 3) {
                case 0 -> loads.add(load("load_hub_" + i, hub(i), hubMapping(customerStg)));
                case 1 -> loads.add(load("load_link_" + i, link(i), linkMapping(orderStg)));
                default -> loads.add(load("load_sat_" + i, sat(i), satMapping(customerStg)));
            }
        }
        return loads;
    }

    /** The template of a mixed load (as GeneratedLogic picks it): templates/generated_hub, _link or _sat. */
    static String template(LoadModel load) {
        return "templates/generated_" + load.target().entityType().toLowerCase(java.util.Locale.ROOT);
    }

    private static EntityModel hub(int i) {
        return typed("dv", i == 0 ? "hub_customer" : "hub_customer_" + i, "HUB", DV_ID, BUSINESS_KEY, DV_LOAD_TIME,
                DV_RECORD_SOURCE);
    }

    private static EntityModel link(int i) {
        return typed("dv", i == 0 ? "link_order" : "link_order_" + i, "LINK", DV_ID, DV_ID_CUSTOMER, DV_ID_PRODUCT,
                DV_LOAD_TIME, DV_RECORD_SOURCE);
    }

    private static EntityModel sat(int i) {
        return typed("dv", i == 0 ? "sat_customer" : "sat_customer_" + i, "SAT", DV_ID, DV_LOAD_TIME, DV_RECORD_SOURCE,
                DV_DATAHASH, NAME, CITY);
    }

    private static MappingModel hubMapping(EntityModel stage) {
        return mapping(stage, map(DV_ID, "HASH_KEY", CUSTOMER_ID), map(BUSINESS_KEY, "BUSINESS_KEY", CUSTOMER_ID),
                copy(DV_LOAD_TIME, LOAD_TS), copy(DV_RECORD_SOURCE, REC_SRC));
    }

    private static MappingModel linkMapping(EntityModel stage) {
        return mapping(stage, map(DV_ID, "HASH_KEY", CUSTOMER_ID, PRODUCT_ID),
                map(DV_ID_CUSTOMER, "HASH_KEY", CUSTOMER_ID), map(DV_ID_PRODUCT, "HASH_KEY", PRODUCT_ID),
                copy(DV_LOAD_TIME, LOAD_TS), copy(DV_RECORD_SOURCE, REC_SRC));
    }

    private static MappingModel satMapping(EntityModel stage) {
        return mapping(stage, map(DV_ID, "HASH_KEY", CUSTOMER_ID), copy(DV_LOAD_TIME, LOAD_TS),
                copy(DV_RECORD_SOURCE, REC_SRC), map(DV_DATAHASH, "HASH_DIFF", NAME, CITY), copy(NAME, NAME),
                copy(CITY, CITY));
    }

    private static LoadModel load(String name, EntityModel target, MappingModel mapping) {
        return new LoadModel(name, target, List.of(mapping.sourceEntity()), List.of(), Map.of(), List.of(mapping));
    }

    private static MappingModel mapping(EntityModel source, AttributeMappingModel... attributes) {
        return new MappingModel("m_" + source.name(), "SOURCE", 1, source, List.of(attributes));
    }

    private static AttributeMappingModel map(AttributeModel target, String transformation, AttributeModel... sources) {
        return new AttributeMappingModel(target, List.of(sources), transformation, null);
    }

    private static AttributeMappingModel copy(AttributeModel target, AttributeModel source) {
        return map(target, null, source);
    }

    static EntityModel typed(String schema, String name, String entityType, AttributeModel... attributes) {
        return new EntityModel(name, name, schema, entityType, "TABLE", List.of(attributes));
    }

    private static AttributeModel attr(String name, String datatype) {
        return attr(name, null, datatype, "VARCHAR".equals(datatype) ? 100 : null);
    }

    private static AttributeModel attr(String name, String type, String datatype, Integer length) {
        return new AttributeModel(name, type, datatype, length, null, null, true, null, null);
    }
}
