package io.loadsmith.engine;

import static io.loadsmith.engine.DvFixture.copy;
import static io.loadsmith.engine.DvFixture.map;
import static io.loadsmith.engine.DvFixture.mapping;
import static io.loadsmith.engine.DvFixture.typed;
import static io.loadsmith.engine.Loads.attr;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.LoadModel;

/**
 * Names are written unquoted unless case-sensitive, and a reserved word stays refused even where it
 * could be quoted (ModelLocalizer): every generated load type refuses a source or target named like a
 * keyword ("order", "select", "when", ...) before any SQL is written, naming the entity, the attribute
 * and the dialect, on every engine.
 */
class GeneratedReservedNamesTest {

    private static final AttributeModel KEY = attr("customer_id", "VARCHAR");
    private static final AttributeModel SELECT = attr("select", "VARCHAR");
    private static final AttributeModel WHEN = attr("when", "TIMESTAMP");
    private static final EntityModel STAGE = typed("stage", "order", "STAGE", KEY, SELECT, WHEN);

    private static final AttributeModel ID = attr("dv_id", "DV_HASHKEY", "CHAR", 32);
    private static final AttributeModel TIME = attr("dv_load_time", "DV_LOAD_TIME", "TIMESTAMP", null);
    private static final AttributeModel HASH = attr("check", "DV_DATAHASH", "CHAR", 32);
    private static final AttributeModel REF = attr("references", "DV_REFERENCING_HASHKEY", "CHAR", 32);

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void everyGeneratedLoadTypeRefusesReservedNamesByName(TargetEngine engine) {
        String label = new io.loadsmith.dialect.DialectRegistry().get(engine.dialect()).label();
        EntityModel hub = typed("dv", "hub_customer", "HUB", ID, TIME);
        EntityModel link = typed("dv", "link_customer", "LINK", ID, REF, TIME);
        EntityModel sat = typed("dv", "sat_customer", "SAT", ID, TIME, HASH, SELECT);
        EntityModel psa = typed("psa", "p_customer", "PSA", ID, TIME, HASH, KEY, SELECT);
        EntityModel view = DvFixture.view(typed("stage", "customer_v", "STAGE", KEY, SELECT));
        List<LoadModel> loads = List.of(
                DvFixture.load("load_hub", hub, mapping(STAGE, map(ID, "HASH_KEY", KEY), copy(TIME, WHEN))),
                DvFixture.load("load_link", link, mapping(STAGE, map(ID, "HASH_KEY", KEY, SELECT),
                        map(REF, "HASH_KEY", KEY), copy(TIME, WHEN))),
                DvFixture.load("load_sat", sat, mapping(STAGE, map(ID, "HASH_KEY", KEY), copy(TIME, WHEN),
                        map(HASH, "HASH_DIFF", SELECT), copy(SELECT, SELECT))),
                DvFixture.load("load_psa", psa, Map.of(), List.of(mapping(STAGE, map(ID, "HASH_KEY", KEY),
                        copy(TIME, WHEN), map(HASH, "HASH_DIFF", KEY, SELECT), copy(KEY, KEY), copy(SELECT, SELECT)))),
                DvFixture.load("load_view", view, mapping(STAGE, copy(KEY, KEY), copy(SELECT, SELECT))));
        for (LoadModel load : loads) {
            assertThatThrownBy(() -> Loads.sql(load, engine.dialect()))
                    .as("%s on %s", load.name(), engine)
                    .hasMessageContaining("Entity stage.order: 'order' is a reserved word in " + label + "; rename it.")
                    .hasMessageContaining("Attribute select of entity stage.order: 'select' is a reserved word")
                    .hasMessageContaining("Attribute when of entity stage.order: 'when' is a reserved word")
                    .hasMessageNotContaining("Exception");
        }
    }
}
