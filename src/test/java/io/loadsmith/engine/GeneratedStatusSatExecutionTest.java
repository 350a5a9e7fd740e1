package io.loadsmith.engine;

import static io.loadsmith.engine.DvFixture.CUSTOMER_ID;
import static io.loadsmith.engine.DvFixture.CUSTOMER_STG;
import static io.loadsmith.engine.DvFixture.DV_ID;
import static io.loadsmith.engine.DvFixture.DV_LOAD_TIME;
import static io.loadsmith.engine.DvFixture.DV_RECORD_SOURCE;
import static io.loadsmith.engine.DvFixture.REC_SRC;
import static io.loadsmith.engine.DvFixture.copy;
import static io.loadsmith.engine.DvFixture.map;
import static io.loadsmith.engine.DvFixture.mapping;
import static io.loadsmith.engine.GeneratedHubLinkExecutionTest.ALICE;
import static io.loadsmith.engine.GeneratedHubLinkExecutionTest.BOB;
import static io.loadsmith.engine.DvFixture.batch;
import static io.loadsmith.engine.Loads.attr;
import static io.loadsmith.engine.Loads.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.GenerationException;
import io.loadsmith.generation.model.LoadModel;

/**
 * Generated S_SAT loads on a full extract on every engine: rules 25 and 26. The run's load time is a
 * team's CURRENT_TS formula that reads the load option RUN_DAY, so each run's time is known.
 */
class GeneratedStatusSatExecutionTest {

    private static final EntityModel S_SAT = DvFixture.typed("dv", "s_sat_customer", "S_SAT", DV_ID, DV_LOAD_TIME,
            attr("dv_status", "DV_STATUS", "VARCHAR", 10), DV_RECORD_SOURCE);

    private static final TestGenerators RUN_DAY = TestGenerators.with(List.of(new InMemoryTemplates()
            .addFormula("CURRENT_TS", "default", "TIMESTAMP '${loadOpt(\"RUN_DAY\")} 00:00:00'")));

    private static LoadModel load(String day) {
        return DvFixture.load("load_s_sat_customer", S_SAT, Map.of("OPT_DELTA_EXTRACT", "false", "RUN_DAY", day),
                List.of(mapping(CUSTOMER_STG, map(DV_ID, "HASH_KEY", CUSTOMER_ID), copy(DV_RECORD_SOURCE, REC_SRC))));
    }

    private static void run(Connection db, TargetEngine engine, String day) throws Exception {
        Loads.run(db, RUN_DAY.loads().generate(load(day), engine.dialect(), Map.of()).sql());
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void statusChangesOnlyWhenAKeyComesOrGoes(TargetEngine engine) throws Exception {
        try (Connection db = DvFixture.open(engine, CUSTOMER_STG, S_SAT)) {
            batch(db, CUSTOMER_STG, "('alice', NULL, NULL, NULL, 'A'), ('bob', NULL, NULL, NULL, 'B'), ('Bob', NULL, NULL, NULL, 'C')");
            run(db, engine, "2024-01-01");
            run(db, engine, "2024-01-02");
            batch(db, CUSTOMER_STG, "('alice', NULL, NULL, NULL, 'A')");
            run(db, engine, "2024-01-03");
            run(db, engine, "2024-01-04");
            // An empty full extract is not "every key disappeared".
            batch(db, CUSTOMER_STG, "");
            run(db, engine, "2024-01-05");
            batch(db, CUSTOMER_STG, "('alice', NULL, NULL, NULL, 'A'), ('bob', NULL, NULL, NULL, 'C')");
            run(db, engine, "2024-01-06");
            run(db, engine, "2024-01-07");
            assertThat(Loads.sorted(db, "SELECT dv_id, dv_load_time, dv_status, dv_record_source FROM dv.s_sat_customer"))
                    .containsExactly(
                            row(BOB, "2024-01-01 00:00:00", "1", "B"),
                            row(BOB, "2024-01-03 00:00:00", "0", "B"),
                            row(BOB, "2024-01-06 00:00:00", "1", "C"),
                            row(ALICE, "2024-01-01 00:00:00", "1", "A"));
        }
    }

    @Test
    void deltaExtractsAreRefused() {
        LoadModel delta = DvFixture.load("load_s_sat_customer", S_SAT, Map.of("OPT_DELTA_EXTRACT", "true"),
                List.of(mapping(CUSTOMER_STG, map(DV_ID, "HASH_KEY", CUSTOMER_ID))));
        assertThatThrownBy(() -> Loads.sql(delta, "postgresql")).isInstanceOf(GenerationException.class)
                .hasMessageContaining("mapping 'm_customer_stg' (stage.customer_stg -> dv.s_sat_customer): a generated S_SAT"
                        + " load reads a full extract: set load option OPT_DELTA_EXTRACT=false");
    }
}
