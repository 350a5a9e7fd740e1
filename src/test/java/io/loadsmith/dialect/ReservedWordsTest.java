package io.loadsmith.dialect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** A dialect's reserved words are its parents' and its own, and every entry is read as a word. */
class ReservedWordsTest {

    private static final DialectRegistry DIALECTS = new DialectRegistry();

    @Test
    void onIsReservedInEveryDialect() {
        // ansi.yaml listed ON unquoted, which YAML 1.1 reads as true: the word was never reserved.
        for (String name : DIALECTS.names()) {
            assertThat(DIALECTS.get(name).reservedWords()).as(name).contains("ON", "ORDER", "SELECT");
        }
    }

    @Test
    void aDialectAddsToItsParentsWords() {
        assertThat(DIALECTS.get("postgresql").reservedWords()).contains("DESC", "TO", "ORDER");
        assertThat(DIALECTS.get("h2").reservedWords()).contains("VALUE", "YEAR", "TO");
        assertThat(DIALECTS.get("snowflake").reservedWords()).contains("QUALIFY").doesNotContain("VALUE", "DESC");
    }

    @Test
    void aWordYamlReadAsABooleanStopsTheRegistryNamingIt() {
        Map<String, Map<String, Object>> definitions = new LinkedHashMap<>();
        definitions.put("root", Map.of("name", "root", "identifiers", Map.of("reserved", List.of("SELECT", Boolean.TRUE))));
        assertThatThrownBy(() -> new DialectRegistry(definitions)).isInstanceOf(IllegalStateException.class)
                .hasMessage("Dialect root: identifiers.reserved has true, which YAML read as a boolean, not a word; quote it.");
    }
}
