package io.loadsmith.dialect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** One rule for a dialect choice: blank is the default setting, an unknown name lists the known ones. */
class DialectChoiceTest {

    @Test
    void blankIsTheDefaultSettingAndANameIsChecked() {
        DialectRegistry seed = new DialectRegistry();
        DialectRegistry configured = new DialectRegistry("PostgreSQL");

        assertThat(seed.choose(null)).isEqualTo("snowflake");
        assertThat(seed.choose(" ")).isEqualTo("snowflake");
        assertThat(configured.choose(null)).isEqualTo("postgresql");
        assertThat(configured.choose("DuckDB")).isEqualTo("duckdb");
        assertThatThrownBy(() -> seed.choose("oracle")).isInstanceOf(UnknownDialectException.class)
                .hasMessage("Unknown dialect 'oracle'. Known dialects: " + String.join(", ", seed.names()) + ".");
    }

    @Test
    void aDefaultThatIsNotATargetStopsTheStart() {
        assertThatThrownBy(() -> new DialectRegistry("ansi")).isInstanceOf(UnknownDialectException.class)
                .hasMessageContaining("Known dialects: bigquery");
    }
}
