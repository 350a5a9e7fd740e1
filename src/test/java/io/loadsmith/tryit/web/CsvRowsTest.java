package io.loadsmith.tryit.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.loadsmith.tryit.TryPlan;

/** Pasted CSV into a grid: header in any order and case, quotes, NULL versus empty text, and clear refusals. */
class CsvRowsTest {

    private static final TryPlan.InputTable TABLE = new TryPlan.InputTable("stage.src", TryPlan.InputTable.Kind.SOURCE,
            List.of(new TryPlan.Column("id", "VARCHAR"), new TryPlan.Column("Order", "VARCHAR"), new TryPlan.Column("n", "INTEGER")));

    @Test
    void headerPicksTheColumnsQuotesKeepCommasAndAnEmptyFieldIsNull() {
        List<List<String>> rows = new ArrayList<>();
        assertThat(CsvRows.replace(TABLE, rows, "N,order,ID\r\n1,\"a, \"\"b\"\"\",x\n,\"\",y\n")).isNull();
        assertThat(rows).containsExactly(Arrays.asList("x", "a, \"b\"", "1"), Arrays.asList("y", "", null));
    }

    @Test
    void anUnknownColumnOrARaggedLineIsRefusedAndTheGridKept() {
        List<List<String>> rows = new ArrayList<>(List.of(Arrays.asList("keep", null, null)));
        assertThat(CsvRows.replace(TABLE, rows, "id,colour\n1,red")).contains("'colour'", "is not a column", "id, Order, n");
        assertThat(CsvRows.replace(TABLE, rows, "id,n\n1")).contains("line 2 has 1 fields, the header 2");
        assertThat(CsvRows.replace(TABLE, rows, "")).contains("is empty");
        assertThat(rows).containsExactly(Arrays.asList("keep", null, null));
    }
}
