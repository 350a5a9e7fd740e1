package io.loadsmith.engine;

import static io.loadsmith.engine.Loads.attr;
import static io.loadsmith.engine.Loads.entity;
import static io.loadsmith.engine.Loads.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import io.loadsmith.generation.model.EntityModel;

/** The cdc_scd2 template (seed 001) on every engine; expected histories written out by hand. */
class CdcScd2ExecutionTest {

    private static final EntityModel EVENTS = entity("stage", "person_cdc",
            attr("person_id", "INTEGER4"), attr("tenant", "VARCHAR"), attr("cdc_operation", null, "CHAR", 1),
            attr("cdc_seq", "INTEGER8"), attr("event_time", "TIMESTAMP"), attr("name", "VARCHAR"), attr("city", "VARCHAR"));
    private static final EntityModel TARGET = entity("dw", "person_scd2",
            attr("person_id", "INTEGER4"), attr("tenant", "VARCHAR"), attr("name", "VARCHAR"), attr("city", "VARCHAR"),
            attr("cdc_seq", "INTEGER8"), attr("valid_from", "VALID_FROM", "TIMESTAMP", null),
            attr("valid_to", "VALID_TO", "TIMESTAMP", null), attr("is_current", "VALIDITY_STATUS", "INTEGER1", null));
    private static final String HISTORY =
            "SELECT person_id, tenant, valid_from, valid_to, is_current, cdc_seq, name, city FROM dw.person_scd2";

    private static final String T1 = "2024-01-01 09:00:00.000001";
    private static final String T2 = "2024-01-02 09:00:00";
    private static final String T3 = "2024-01-03 09:00:00.999999";
    private static final String T4 = "2024-01-04 09:00:00";

    private Connection prepare(TargetEngine engine) throws Exception {
        Connection db = engine.open();
        TargetEngine.execute(db, "CREATE SCHEMA stage");
        TargetEngine.execute(db, "CREATE SCHEMA dw");
        Loads.create(db, engine, EVENTS);
        Loads.create(db, engine, TARGET);
        return db;
    }

    private static String load(TargetEngine engine) {
        return Loads.sql(Loads.load("cdc_person", TARGET, List.of(EVENTS),
                "<ftltemplate:cdc_scd2:key_columns=person_id,tenant>"), engine.dialect());
    }

    private static String event(int id, String op, int seq, String time, String name, String city) {
        return "(" + id + ", 'T', '" + op + "', " + seq + ", TIMESTAMP '" + time + "', "
                + (name == null ? "NULL" : "'" + name + "'") + ", " + (city == null ? "NULL" : "'" + city + "'") + ")";
    }

    private static void add(Connection db, String... events) throws SQLException {
        TargetEngine.execute(db, "INSERT INTO stage.person_cdc VALUES " + String.join(", ", events));
    }

    private static void run(Connection db, String sql) throws SQLException {
        Loads.run(db, sql);
        Invariants.history(db, "dw.person_scd2", List.of("person_id", "tenant"), "valid_from", "valid_to", "is_current", true);
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void insertUpdateDeleteAndReappearance(TargetEngine engine) throws Exception {
        try (Connection db = prepare(engine)) {
            String sql = load(engine);
            add(db, event(1, "I", 1, T1, "Alice", null), event(1, "U", 2, T2, "Alice", "Oslo"),
                    event(1, "D", 3, T3, null, null), event(2, "I", 1, T1, "Bob", ""));
            run(db, sql);
            List<List<String>> expected = List.of(
                    row("1", "T", T1, T2, "0", "1", "Alice", null),
                    row("1", "T", T2, T3, "0", "2", "Alice", "Oslo"),
                    row("2", "T", T1, null, "1", "1", "Bob", ""));
            assertThat(Loads.sorted(db, HISTORY)).isEqualTo(expected);
            // A rerun changes nothing.
            run(db, sql);
            assertThat(Loads.sorted(db, HISTORY)).isEqualTo(expected);
            // Alice comes back after the delete: a new version.
            add(db, event(1, "I", 4, T4, "Alice", "Bergen"));
            run(db, sql);
            assertThat(Loads.sorted(db, HISTORY)).containsExactly(
                    row("1", "T", T1, T2, "0", "1", "Alice", null),
                    row("1", "T", T2, T3, "0", "2", "Alice", "Oslo"),
                    row("1", "T", T4, null, "1", "4", "Alice", "Bergen"),
                    row("2", "T", T1, null, "1", "1", "Bob", ""));
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void outOfOrderEventsAreRebuiltAndOtherKeysAreNotTouched(TargetEngine engine) throws Exception {
        try (Connection db = prepare(engine)) {
            String sql = load(engine);
            add(db, event(1, "I", 1, T1, "Alice", "Oslo"), event(1, "U", 3, T3, "Alice", "Rome"),
                    event(2, "I", 1, T1, "Bob", "Oslo"));
            run(db, sql);
            // Mark Bob's row: if Bob were rebuilt, the mark would be gone.
            TargetEngine.execute(db, "UPDATE dw.person_scd2 SET name = 'Bob (untouched)' WHERE person_id = 2");
            // The event with sequence 2 arrives late.
            add(db, event(1, "U", 2, T2, "Alice", "Paris"));
            run(db, sql);
            assertThat(Loads.sorted(db, HISTORY)).containsExactly(
                    row("1", "T", T1, T2, "0", "1", "Alice", "Oslo"),
                    row("1", "T", T2, T3, "0", "2", "Alice", "Paris"),
                    row("1", "T", T3, null, "1", "3", "Alice", "Rome"),
                    row("2", "T", T1, null, "1", "1", "Bob (untouched)", "Oslo"));
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void repeatedIdenticalEventsCollapse(TargetEngine engine) throws Exception {
        try (Connection db = prepare(engine)) {
            add(db, event(1, "I", 1, T1, "Alice", null), event(1, "I", 1, T1, "Alice", null),
                    event(1, "U", 2, T2, "Alice", "Oslo"), event(1, "U", 2, T2, "Alice", "Oslo"));
            run(db, load(engine));
            assertThat(Loads.sorted(db, HISTORY)).containsExactly(
                    row("1", "T", T1, T2, "0", "1", "Alice", null),
                    row("1", "T", T2, null, "1", "2", "Alice", "Oslo"));
        }
    }

    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void differentEventsWithTheSameSequenceStopTheLoadBeforeAnyWrite(TargetEngine engine) throws Exception {
        try (Connection db = prepare(engine)) {
            String sql = load(engine);
            add(db, event(1, "I", 1, T1, "Alice", null));
            run(db, sql);
            List<List<String>> before = Loads.sorted(db, "SELECT * FROM dw.person_scd2");
            add(db, event(1, "U", 2, T2, "Alice", "Oslo"), event(1, "U", 2, T2, "Alice", "Paris"));
            assertThatThrownBy(() -> Loads.run(db, sql)).isInstanceOf(SQLException.class)
                    .satisfies(e -> assertThat(e.getMessage()).contains(
                            "different events with the same key and sequence (person_id, tenant, cdc_seq)",
                            "person_id=1, tenant=T, cdc_seq=2"));
            assertThat(Loads.sorted(db, "SELECT * FROM dw.person_scd2")).isEqualTo(before);
        }
    }

    /** An event with any tenant and sequence (NULL when null), for the NULL cases of the duplicate check. */
    private static String event(int id, String tenant, String op, Integer seq, String time, String name, String city) {
        return "(" + id + ", " + (tenant == null ? "NULL" : "'" + tenant + "'") + ", '" + op + "', " + seq + ", TIMESTAMP '"
                + time + "', " + (name == null ? "NULL" : "'" + name + "'") + ", " + (city == null ? "NULL" : "'" + city + "'") + ")";
    }

    /**
     * The duplicate check groups NULLs together, in the key and in the sequence: two different
     * events whose key column or sequence is NULL still stop the load, with NULL in the message; so
     * does a NULL against a value in a payload column.
     */
    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void differentEventsWithANullKeyColumnOrSequenceOrPayloadStopTheLoad(TargetEngine engine) throws Exception {
        String[][] cases = {
                {event(1, null, "U", 2, T2, "Alice", "Oslo"), event(1, null, "U", 2, T2, "Alice", "Paris"), "person_id=1, tenant=NULL, cdc_seq=2"},
                {event(1, "T", "U", null, T2, "Alice", "Oslo"), event(1, "T", "U", null, T2, "Alice", "Paris"), "person_id=1, tenant=T, cdc_seq=NULL"},
                {event(1, "T", "U", 2, T2, "Alice", null), event(1, "T", "U", 2, T2, "Alice", "Oslo"), "person_id=1, tenant=T, cdc_seq=2"}};
        for (String[] c : cases) {
            try (Connection db = prepare(engine)) {
                String sql = load(engine);
                // Other keys come twice, identical: they are checked too and must not be reported.
                add(db, event(1, "I", 1, T1, "Alice", null), event(2, "I", 1, T1, "Bob", null), event(2, "I", 1, T1, "Bob", null));
                run(db, sql);
                List<List<String>> before = Loads.sorted(db, "SELECT * FROM dw.person_scd2");
                add(db, c[0], c[1], event(2, "U", 2, T2, "Bob", "Oslo"), event(2, "U", 2, T2, "Bob", "Oslo"));
                assertThatThrownBy(() -> Loads.run(db, sql)).as(c[2]).isInstanceOf(SQLException.class)
                        .satisfies(e -> assertThat(e.getMessage()).contains(
                                "different events with the same key and sequence (person_id, tenant, cdc_seq)", c[2]));
                assertThat(Loads.sorted(db, "SELECT * FROM dw.person_scd2")).isEqualTo(before);
            }
        }
    }

    /**
     * Identical events collapse and do not stop the load when a key column or the sequence is NULL,
     * nor when the whole extract came twice (every key and sequence twice).
     */
    @ParameterizedTest
    @EnumSource(TargetEngine.class)
    void identicalEventsWithNullsOrAnExtractLoadedTwiceCollapse(TargetEngine engine) throws Exception {
        try (Connection db = prepare(engine)) {
            String[] extract = {event(1, "I", 1, T1, "Alice", null), event(1, "U", 2, T2, "Alice", "Oslo"),
                    event(1, "D", 3, T3, null, null), event(2, "I", 1, T1, "Bob", ""),
                    event(3, null, "I", 1, T1, "Carol", null), event(4, "T", "I", null, T1, "Dave", null)};
            add(db, extract);
            add(db, extract);
            run(db, load(engine));
            // Carol's event (tenant NULL) matches no key and is not loaded; Dave's (sequence NULL) is.
            assertThat(Loads.sorted(db, HISTORY)).containsExactly(
                    row("1", "T", T1, T2, "0", "1", "Alice", null),
                    row("1", "T", T2, T3, "0", "2", "Alice", "Oslo"),
                    row("2", "T", T1, null, "1", "1", "Bob", ""),
                    row("4", "T", T1, null, "1", null, "Dave", null));
        }
    }

    private static String load(TargetEngine engine, String params) {
        return Loads.sql(Loads.load("cdc_person", TARGET, List.of(EVENTS),
                "<ftltemplate:cdc_scd2:key_columns=person_id,tenant" + params + ">"), engine.dialect());
    }

    private static void run(Connection db, String sql, String openEnd) throws SQLException {
        Loads.run(db, sql);
        Invariants.history(db, "dw.person_scd2", List.of("person_id", "tenant"), "valid_from", "valid_to", "is_current",
                "null".equals(openEnd));
    }

    /** Closing, the current flag, a delete, a rerun, a late event and a reappearing key under both conventions. */
    @ParameterizedTest(name = "{0} open_end={1}")
    @MethodSource("io.loadsmith.engine.Loads#enginesAndOpenEnds")
    void openEndConvention(TargetEngine engine, String openEnd) throws Exception {
        String open = Loads.openEnd(openEnd);
        try (Connection db = prepare(engine)) {
            String sql = load(engine, ":open_end=" + openEnd);
            add(db, event(1, "I", 1, T1, "Alice", null), event(1, "D", 3, T3, null, null), event(2, "I", 1, T1, "Bob", "Oslo"));
            run(db, sql, openEnd);
            run(db, sql, openEnd);
            // Alice's update with sequence 2 arrives late, then she comes back; Bob is untouched.
            add(db, event(1, "U", 2, T2, "Alice", "Oslo"), event(1, "I", 4, T4, "Alice", "Rome"));
            run(db, sql, openEnd);
            assertThat(Loads.sorted(db, HISTORY)).containsExactly(
                    row("1", "T", T1, T2, "0", "1", "Alice", null),
                    row("1", "T", T2, T3, "0", "2", "Alice", "Oslo"),
                    row("1", "T", T4, open, "1", "4", "Alice", "Rome"),
                    row("2", "T", T1, open, "1", "1", "Bob", "Oslo"));
        }
    }

    @org.junit.jupiter.api.Test
    void anUnknownOpenEndIsAGenerationErrorNamingTheParameter() {
        assertThatThrownBy(() -> load(TargetEngine.H2, ":open_end=9999"))
                .isInstanceOf(io.loadsmith.generation.model.GenerationException.class).hasMessageContaining("cdc_person")
                .hasMessageContaining("cdc_scd2").hasMessageContaining("parameter 'open_end' is one of null, far_future");
    }

    /**
     * Tracked columns (name; city is not tracked, as TRACK HISTORY ON * EXCEPT (city)): a city-only
     * update opens no version and goes to the version current at that point of the sequence; a
     * key back after a delete opens one though nothing tracked changed; late events are placed
     * by sequence; keys without new events are not touched.
     */
    @ParameterizedTest(name = "{0} open_end={1}")
    @MethodSource("io.loadsmith.engine.Loads#enginesAndOpenEnds")
    void trackedColumnsUpdateInPlaceAtTheirPointOfTheSequence(TargetEngine engine, String openEnd) throws Exception {
        String open = Loads.openEnd(openEnd);
        String t5 = "2024-01-05 09:00:00";
        try (Connection db = prepare(engine)) {
            String sql = load(engine, ":track_except=city:open_end=" + openEnd);
            add(db, event(1, "I", 1, T1, "Alice", "Oslo"), event(1, "U", 3, T3, "Alice", "Rome"),
                    event(1, "U", 4, T4, "Alicia", "Rome"),
                    event(2, "I", 1, T1, "Bob", "Oslo"), event(2, "D", 2, T2, null, null), event(2, "I", 3, T3, "Bob", "Oslo"));
            run(db, sql, openEnd);
            List<List<String>> expected = List.of(
                    row("1", "T", T1, T4, "0", "3", "Alice", "Rome"),
                    row("1", "T", T4, open, "1", "4", "Alicia", "Rome"),
                    row("2", "T", T1, T2, "0", "1", "Bob", "Oslo"),
                    row("2", "T", T3, open, "1", "3", "Bob", "Oslo"));
            assertThat(Loads.sorted(db, HISTORY)).isEqualTo(expected);
            // A rerun changes nothing and rebuilds no key: Bob's mark stays.
            TargetEngine.execute(db, "UPDATE dw.person_scd2 SET city = 'Oslo (untouched)' WHERE person_id = 2");
            run(db, sql, openEnd);
            assertThat(Loads.sorted(db, "SELECT person_id, city FROM dw.person_scd2 WHERE person_id = 2"))
                    .containsExactly(row("2", "Oslo (untouched)"), row("2", "Oslo (untouched)"));
            // Late: a name change at sequence 2 (between 1 and 3) and a city-only update at sequence 5.
            add(db, event(1, "U", 2, T2, "Alina", "Oslo"), event(1, "U", 5, t5, "Alicia", "Bergen"));
            run(db, sql, openEnd);
            assertThat(Loads.sorted(db, HISTORY)).containsExactly(
                    row("1", "T", T1, T2, "0", "1", "Alice", "Oslo"),
                    row("1", "T", T2, T3, "0", "2", "Alina", "Oslo"),
                    row("1", "T", T3, T4, "0", "3", "Alice", "Rome"),
                    row("1", "T", T4, open, "1", "5", "Alicia", "Bergen"),
                    row("2", "T", T1, T2, "0", "1", "Bob", "Oslo (untouched)"),
                    row("2", "T", T3, open, "1", "3", "Bob", "Oslo (untouched)"));
        }
    }

    /** track_columns=name is the same as track_except=city here; without either every event is a version. */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.EnumSource(TargetEngine.class)
    void trackColumnsListAndTheDefault(TargetEngine engine) throws Exception {
        try (Connection db = prepare(engine)) {
            add(db, event(1, "I", 1, T1, "Alice", "Oslo"), event(1, "U", 2, T2, "Alice", "Rome"));
            run(db, load(engine, ":track_columns=name"));
            assertThat(Loads.sorted(db, HISTORY)).containsExactly(row("1", "T", T1, null, "1", "2", "Alice", "Rome"));
        }
        try (Connection db = prepare(engine)) {
            add(db, event(1, "I", 1, T1, "Alice", "Oslo"), event(1, "U", 2, T2, "Alice", "Rome"));
            run(db, load(engine, ""));
            assertThat(Loads.sorted(db, HISTORY)).containsExactly(
                    row("1", "T", T1, T2, "0", "1", "Alice", "Oslo"), row("1", "T", T2, null, "1", "2", "Alice", "Rome"));
        }
    }

    @org.junit.jupiter.api.Test
    void trackedColumnsThatAreNotPayloadColumnsAreGenerationErrorsNamingTheParameter() {
        assertThatThrownBy(() -> load(TargetEngine.H2, ":track_columns=name,country"))
                .isInstanceOf(io.loadsmith.generation.model.GenerationException.class).hasMessageContaining("cdc_person")
                .hasMessageContaining("cdc_scd2").hasMessageContaining("parameter 'track_columns'")
                .hasMessageContaining("no column 'country'");
        assertThatThrownBy(() -> load(TargetEngine.H2, ":track_except=person_id"))
                .isInstanceOf(io.loadsmith.generation.model.GenerationException.class)
                .hasMessageContaining("parameter 'track_except'").hasMessageContaining("person_id is a key or the sequence column");
        assertThatThrownBy(() -> load(TargetEngine.H2, ":track_columns=name:track_except=city"))
                .isInstanceOf(io.loadsmith.generation.model.GenerationException.class)
                .hasMessageContaining("parameter 'track_except'").hasMessageContaining("not both");
    }
}
