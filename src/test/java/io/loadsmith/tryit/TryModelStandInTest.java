package io.loadsmith.tryit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import io.loadsmith.store.H2DemoStoreTest;

/**
 * Two loads of one model read one table the model does not know (ext.orders_feed) with different
 * columns: Try it makes one stand-in with the union of the columns, in run order (the first load's
 * columns, then the second's new ones), instead of two CREATE TABLEs of which DuckDB refuses the
 * second ("already exists"). Rows of both targets after each batch written by hand.
 */
class TryModelStandInTest extends H2DemoStoreTest {

    private static final String FEED = "ext.orders_feed";

    @Autowired
    private TryService tries;

    private List<Long> loads;

    @BeforeEach
    void twoLoadsReadingDifferentColumnsOfOneFeed() {
        TryLoads made = new TryLoads(api());
        loads = List.of(
                made.sqlLoad("INSERT INTO <target_schema>.<target_entity_name> (x) SELECT order_id || '/' || amount FROM " + FEED + ";"),
                made.sqlLoad("INSERT INTO <target_schema>.<target_entity_name> (x) SELECT city || '/' || order_id FROM " + FEED + ";"));
    }

    @Test
    void thePlanHasOneStandInWithTheUnionOfTheColumns() {
        TryModelPlan plan = tries.planModel("two feeds", loads, null);
        assertThat(plan.plan().notes()).as(plan.plan().notes().toString()).noneMatch(n -> n.contains("failed"));
        assertThat(plan.plan().setup().stream().filter(s -> s.toLowerCase().contains("orders_feed"))).hasSize(1);
        TryPlan.InputTable feed = plan.plan().input(FEED);
        assertThat(feed.columns()).extracting(TryPlan.Column::name).containsExactly("order_id", "amount", "city");
        // The same plan, whatever order the loads are given in (their run order is the model's).
        TryModelPlan reversed = tries.planModel("two feeds", List.of(loads.get(1), loads.get(0)), null);
        assertThat(reversed.plan().setup()).isEqualTo(plan.plan().setup());
    }

    @Test
    void batchesRunThroughBothLoads() {
        TryResult result = tries.runModel("two feeds", loads, null, List.of(
                batch(order("o1", "10", "Oslo"), order("o2", "20", "Rome")),
                batch(order("o3", "30", "Bergen"))));
        assertThat(result.setupFailure()).isNull();
        assertThat(result.batches()).hasSize(2);
        result.batches().forEach(b -> assertThat(b.failure()).as(String.valueOf(b.failure())).isNull());
        List<String> targets = result.batches().get(0).tables().stream().filter(TryResult.TableResult::target)
                .map(TryResult.TableResult::name).toList();
        assertThat(targets).hasSize(2);
        assertThat(xs(result.batches().get(0), targets.get(0))).containsExactlyInAnyOrder("o1/10", "o2/20");
        assertThat(xs(result.batches().get(0), targets.get(1))).containsExactlyInAnyOrder("Oslo/o1", "Rome/o2");
        assertThat(xs(result.batches().get(1), targets.get(0))).containsExactlyInAnyOrder("o1/10", "o2/20", "o3/30");
        assertThat(xs(result.batches().get(1), targets.get(1))).containsExactlyInAnyOrder("Oslo/o1", "Rome/o2", "Bergen/o3");
    }

    private static Map<String, Object> order(String id, String amount, String city) {
        // Columns in an order neither load reads them in.
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("city", city);
        row.put("amount", amount);
        row.put("order_id", id);
        return row;
    }

    @SafeVarargs
    private static TryRunner.Batch batch(Map<String, Object>... rows) {
        return new TryRunner.Batch(Map.of(FEED, List.of(rows)));
    }

    /** The x column of a target's rows. */
    private static List<String> xs(TryResult.BatchResult batch, String table) {
        TryResult.TableResult t = batch.tables().stream().filter(r -> r.name().equalsIgnoreCase(table)).findFirst().orElseThrow();
        List<String> values = new ArrayList<>();
        t.rows().forEach(r -> values.add(r.values().get(t.columns().indexOf("x"))));
        return values;
    }
}
