package io.loadsmith.dialect;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

import org.h2.util.ParserUtil;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import io.loadsmith.engine.TargetEngine;

/**
 * Every word an engine refuses as a plain name is a reserved word of its dialect. The engine names
 * its own keywords (PostgreSQL's pg_get_keywords(), DuckDB's duckdb_keywords(), H2's parser), and
 * each is tried where generated SQL writes a name unquoted: a table, a column in DDL, INSERT,
 * SELECT, WHERE, GROUP BY, ORDER BY, a window, an expression and UPDATE. A word the engine refuses
 * anywhere and the dialect does not list would pass the model's check and give SQL the engine rejects
 * (PostgreSQL refused a column named desc, H2 one named Value). When an engine's upgrade reserves
 * a new word, this fails and names it.
 */
class ReservedWordsOnEnginesTest {

    private static final DialectRegistry DIALECTS = new DialectRegistry();

    // Names that are not keywords anywhere: the probes themselves must accept them.
    private static final List<String> PLAIN = List.of("customer_id", "amount_eur");

    private static final List<String> PROBES = List.of(
            "CREATE TABLE %s (x INTEGER)",
            "CREATE TABLE p (k INTEGER, %s INTEGER)",
            "INSERT INTO p (k, %1$s) VALUES (1, 1)",
            "SELECT %1$s, k FROM p WHERE %1$s = 1 GROUP BY %1$s, k ORDER BY %1$s",
            "SELECT k, ROW_NUMBER() OVER (PARTITION BY %1$s ORDER BY %1$s) AS rn FROM p",
            "SELECT COALESCE(%1$s, 0) + 1 AS x FROM p",
            "UPDATE p SET %1$s = 2 WHERE %1$s = 1");

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void everyWordTheEngineRefusesAsANameIsReservedInItsDialect(TargetEngine engine) throws SQLException {
        Set<String> reserved = DIALECTS.get(engine.dialect()).reservedWords();
        Set<String> refused = new TreeSet<>();
        try (Connection c = engine.open()) {
            for (String plain : PLAIN) {
                assertThat(refusedAnywhere(c, plain)).as("%s refuses the plain name %s: a probe is wrong", engine, plain)
                        .isFalse();
            }
            for (String word : keywords(engine, c)) {
                if (refusedAnywhere(c, word)) {
                    refused.add(word);
                }
            }
        }
        assertThat(refused).as("%s refuses these names; the dialect must list them", engine).isNotEmpty();
        Set<String> missing = new TreeSet<>(refused);
        missing.removeAll(reserved);
        assertThat(missing).as("words %s refuses as names that the %s dialect does not reserve", engine, engine.dialect())
                .isEmpty();
    }

    private static boolean refusedAnywhere(Connection c, String word) throws SQLException {
        boolean refused = false;
        for (String probe : PROBES) {
            try (Statement st = c.createStatement()) {
                st.execute(probe.formatted(word));
            } catch (SQLException e) {
                refused = true;
            }
        }
        for (String cleanup : List.of("DROP TABLE IF EXISTS p", "DROP TABLE IF EXISTS " + word)) {
            try (Statement st = c.createStatement()) {
                st.execute(cleanup);
            } catch (SQLException e) {
                // the word was refused as a table name, so there is nothing to drop
            }
        }
        return refused;
    }

    private static Set<String> keywords(TargetEngine engine, Connection c) throws SQLException {
        Set<String> words = new TreeSet<>();
        switch (engine) {
            case POSTGRESQL -> words.addAll(column(c, "SELECT word FROM pg_get_keywords()"));
            case DUCKDB -> words.addAll(column(c, "SELECT keyword_name FROM duckdb_keywords()"));
            case H2 -> words.addAll(h2Keywords());
        }
        words.removeIf(w -> !w.matches("[A-Za-z_][A-Za-z0-9_]*"));
        return words.stream().map(w -> w.toUpperCase(Locale.ROOT)).collect(java.util.stream.Collectors.toCollection(TreeSet::new));
    }

    private static List<String> column(Connection c, String query) throws SQLException {
        return TargetEngine.rows(c, query).stream().map(row -> row.get(0)).toList();
    }

    // H2 has no keyword catalog; its parser's token constants between FIRST_KEYWORD and LAST_KEYWORD are its keywords.
    private static Set<String> h2Keywords() {
        Set<String> words = new TreeSet<>();
        for (Field field : ParserUtil.class.getFields()) {
            if (field.getType() == int.class && Modifier.isStatic(field.getModifiers())) {
                try {
                    int token = field.getInt(null);
                    if (token >= ParserUtil.FIRST_KEYWORD && token <= ParserUtil.LAST_KEYWORD
                            && ParserUtil.isKeyword(field.getName(), true)) {
                        words.add(field.getName());
                    }
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return words;
    }
}
