package io.loadsmith.dialect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** Issue 20.1: a datatype mapping's physical pattern is one type expression. */
class PhysicalTypesTest {

    private static final DialectRegistry DIALECTS = new DialectRegistry();

    @Test
    void everyPatternOfTheDialectFilesIsATypeExpression() {
        DIALECTS.targets().forEach(d -> d.datatypes().forEach((logical, patterns) -> patterns.forEach(p ->
                assertThat(PhysicalTypes.isTypeExpression(p)).as(d.name() + " " + logical + " " + p).isTrue())));
    }

    @ParameterizedTest
    @ValueSource(strings = {"NUMBER({precision},{scale})", "NUMBER({precision}, {scale})", "VARCHAR({length})",
            "VARCHAR(MAX)", "TIMESTAMP(6) WITH TIME ZONE", "DOUBLE PRECISION", "ARRAY<STRING>", "TEXT[]",
            "STRUCT<a INT64, b STRING>", "TIMESTAMP_NTZ"})
    void typeExpressionsAreAccepted(String pattern) {
        assertThat(PhysicalTypes.isTypeExpression(pattern)).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"VARCHAR(10)) ; DROP TABLE x; --", "INT, evil INT", "INT NOT NULL DEFAULT 'x'",
            "INT /* x */", "INT -- x", "VARCHAR({length}); DROP TABLE x", "INT\nDROP", "", "CHAR(<length>)",
            "INT)", "VARCHAR('a')", "X$Y"})
    void otherSqlIsRefused(String pattern) {
        assertThat(PhysicalTypes.isTypeExpression(pattern)).isFalse();
    }

    @Test
    void aStoredPatternFromBeforeTheRuleIsRefusedWhenUsed() {
        assertThatThrownBy(() -> PhysicalTypes.resolve(DIALECTS.get("h2"), "VARCHAR", 10, null, null,
                Map.of("VARCHAR", "VARCHAR(10), evil INT")))
                .hasMessageContaining("Datatype 'VARCHAR' maps to 'VARCHAR(10), evil INT' in dialect h2, which is not one type expression");
    }
}
