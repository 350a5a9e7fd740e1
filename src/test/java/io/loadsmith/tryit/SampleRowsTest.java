package io.loadsmith.tryit;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Generated values that their DuckDB column types take, decimals within their precision. */
class SampleRowsTest {

    @Test
    void decimalsStayWithinPrecisionAndScale() {
        assertThat(value("DECIMAL(12,2)", 3)).isEqualTo("3.5");
        assertThat(value("DECIMAL(3,2)", 12)).isEqualTo("2.5");
        assertThat(value("DECIMAL(2,2)", 1)).isEqualTo("0.2");
        assertThat(value("DECIMAL(4,0)", 7)).isEqualTo("7");
        assertThat(value("DECIMAL(18,3)", 10_000)).isEqualTo("10000.5");
    }

    @Test
    void timestampsDatesAndNumbersByRow() {
        assertThat(value("TIMESTAMP", 2)).isEqualTo("2024-01-02 00:00:00");
        assertThat(value("DATE", 32)).isEqualTo("2024-02-01");
        assertThat(value("INTEGER", 4)).isEqualTo("4");
        assertThat(value("VARCHAR", 4)).isEqualTo("c_4");
    }

    private static String value(String type, int n) {
        return SampleRows.value(new TryPlan.Column("c", type), n);
    }
}
