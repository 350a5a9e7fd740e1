package io.loadsmith.tryit.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

import org.junit.jupiter.api.Test;

import io.loadsmith.tryit.TryPlan;

/** Pasted CSV into a grid: header in any order and case, quotes, NULL versus empty text, and clear refusals. */
class CsvRowsTest {

    private static final TryPlan.InputTable TABLE = new TryPlan.InputTable("stage.src", TryPlan.InputTable.Kind.SOURCE,
            List.of(new TryPlan.Column("id", "VARCHAR"), new TryPlan.Column("Order", "VARCHAR"), new TryPlan.Column("n", "INTEGER")));
    private static final Function<List<List<String>>, String> ALL_FIT = rows -> null;

    @Test
    void headerPicksTheColumnsQuotesKeepCommasAndAnEmptyFieldIsNull() {
        List<List<String>> rows = new ArrayList<>();
        assertThat(CsvRows.replace(TABLE, rows, "N,order,ID\r\n1,\"a, \"\"b\"\"\",x\n,\"\",y\n", ALL_FIT)).isNull();
        assertThat(rows).containsExactly(Arrays.asList("x", "a, \"b\"", "1"), Arrays.asList("y", "", null));
    }

    @Test
    void anUnknownColumnOrARaggedLineIsRefusedAndTheGridKept() {
        List<List<String>> rows = new ArrayList<>(List.of(Arrays.asList("keep", null, null)));
        assertThat(CsvRows.replace(TABLE, rows, "id,colour\n1,red", ALL_FIT)).contains("'colour'", "is not a column", "id, Order, n");
        assertThat(CsvRows.replace(TABLE, rows, "id,n\n1", ALL_FIT)).contains("line 2 has 1 fields, the header 2");
        assertThat(CsvRows.replace(TABLE, rows, "", ALL_FIT)).contains("is empty");
        // Lines count as the box shows them: a blank line and a quoted line break are lines too.
        assertThat(CsvRows.replace(TABLE, rows, "id,n\n\n\"a\nb\",1\n2", ALL_FIT)).contains("line 5 has 1 fields, the header 2");
        assertThat(rows).containsExactly(Arrays.asList("keep", null, null));
    }

    @Test
    void anUnclosedQuoteIsNamedWithTheLineItOpensOn() {
        List<List<String>> rows = new ArrayList<>(List.of(Arrays.asList("keep", null, null)));
        assertThat(CsvRows.replace(TABLE, rows, "id,n\n1,2\n\"abc,3\n4,5", ALL_FIT))
                .isEqualTo("The CSV for stage.src: the quote that opens on line 3 is not closed; close it with \","
                        + " and write a \" inside a quoted value as \"\".");
        assertThat(rows).containsExactly(Arrays.asList("keep", null, null));
    }

    @Test
    void aValueItsTypeRefusesLeavesTheGridAndTheMessageSaysWhich() {
        List<List<String>> rows = new ArrayList<>(List.of(Arrays.asList("keep", null, null)));
        List<List<List<String>>> checked = new ArrayList<>();
        String problem = CsvRows.replace(TABLE, rows, "n,id\n1,a\nmany,b", parsed -> {
            checked.add(parsed);
            return "row 2, column n: 'many' is not of type INTEGER (such as 1).";
        });
        assertThat(problem).isEqualTo("The CSV for stage.src was not used: row 2, column n: 'many' is not of type INTEGER (such as 1).");
        assertThat(checked).containsExactly(List.of(Arrays.asList("a", null, "1"), Arrays.asList("b", null, "many")));
        assertThat(rows).containsExactly(Arrays.asList("keep", null, null));
    }
}
