package io.loadsmith.names;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.Violations;
import io.loadsmith.web.Link;

/** The name rules on their own: what a name may hold, when two names are one, and names as files and addresses. */
class NamesTest {

    private static final String A_RING = "\u00C5";          // Å as one code point
    private static final String A_RING_TWO = "A\u030A";     // Å as A + combining ring

    private static String refusal(java.util.function.Consumer<Violations> check) {
        Violations violations = new Violations();
        check.accept(violations);
        try {
            violations.throwIfAny();
            return null;
        } catch (InvalidRequestException e) {
            return e.getMessage();
        }
    }

    @Test
    void packageNamesAreIdentifiersThatMayHoldDashAndDot() {
        for (String good : List.of("demo", "sales-mart", "_x", "mart.v2", "a".repeat(128))) {
            assertThat(refusal(v -> Names.checkPackageName(v, "name", good))).as(good).isNull();
        }
        for (String bad : List.of("../../etc/x", "a\r\nb", "a/b", "a\\b", "a\"b", "a\u0000b", ".hidden", "-x", "1x",
                "{x}", "x\u200B", A_RING, "a b", "a".repeat(129), "")) {
            assertThat(refusal(v -> Names.checkPackageName(v, "name", bad))).as(bad).startsWith("name");
        }
        assertThat(refusal(v -> Names.checkPackageName(v, "name", "a/b"))).contains("'/' (U+002F) at position 2");
        assertThat(refusal(v -> Names.checkPackageName(v, "name", "ab\u200B"))).contains("U+200B ZERO WIDTH SPACE at position 3");
    }

    @Test
    void labelsRefuseWhatDoesNotShowAndKeepTheRest() {
        for (String good : List.of("merge into the dimension", "Åland ports", "étape 2: fusion", "合并")) {
            assertThat(refusal(v -> Names.checkLabel(v, "steps[0].name", good))).as(good).isNull();
        }
        for (String bad : List.of("a\u200Bb", "a\u200Db", "x\u202Ey", "x\u2066y", "tab\there", "new\nline", "nul\u0000",
                "nbsp\u00A0x", "fill\u3164", "bom\uFEFF", "line\u2028sep")) {
            assertThat(refusal(v -> Names.checkLabel(v, "steps[0].name", bad))).as(bad)
                    .startsWith("steps[0].name").contains("U+");
        }
    }

    @Test
    void namesThatLookTheSameAreOneName() {
        assertThat(A_RING_TWO).isNotEqualTo(A_RING);
        assertThat(Names.normalize(A_RING_TWO)).isEqualTo(A_RING);
        assertThat(Names.same(A_RING_TWO + "land", A_RING + "LAND")).isTrue();
        assertThat(Names.same("k_case_load", "K_CASE_LOAD")).isTrue();
        assertThat(Names.same("k_case_load", "k_case_load2")).isFalse();
    }

    @Test
    void aClashNamesTheObjectThatHasTheName() {
        record Thing(Long id, String name) {
        }
        List<Thing> clashes = List.of(new Thing(7L, "k_case_load"));
        assertThatThrownBy(() -> Names.requireFree("Load", "K_CASE_LOAD", null, clashes, Thing::id, Thing::name))
                .isInstanceOf(ConflictException.class)
                .hasMessage("Load 'k_case_load' already exists; names that differ only by case ('K_CASE_LOAD') are the same name.");
        // Renaming an object to its own name in another case is no clash.
        Names.requireFree("Load", "K_CASE_LOAD", 7L, clashes, Thing::id, Thing::name);
    }

    @Test
    void fileNamesHoldNothingButPlainCharacters() {
        assertThat(Names.fileName("demo-1-postgresql")).isEqualTo("demo-1-postgresql");
        for (String hostile : List.of("../../etc/x-1-postgresql", "a\r\nContent-Type: text/html", "a\"b", "a\\b", "a/b",
                "..", "x\u0000y", A_RING)) {
            String file = Names.fileName(hostile);
            assertThat(file).as(hostile).matches("[A-Za-z0-9_][A-Za-z0-9_.-]*");
        }
        assertThatThrownBy(() -> Names.requireDistinctFileNames("load", List.of("k_case_load", "k_CASE_LOAD")))
                .isInstanceOf(InvalidRequestException.class).hasMessageContaining("differs from load 'k_case_load' only by case");
        assertThatThrownBy(() -> Names.requireDistinctFileNames("load", List.of("../x")))
                .isInstanceOf(InvalidRequestException.class).hasMessageContaining("cannot be a file name");
        Names.requireDistinctFileNames("entity", List.of("publish.D_VESSEL", "stage.D_VESSEL"));
    }

    @Test
    void linksEncodeEveryValueSoNoneCanAddASegmentParameterHeaderOrTemplateVariable() {
        String link = Link.to("/packages/{name}", "../a/{b}").flag("saved")
                .param("dialect", "{x}\r\nSet-Cookie: y").param("environment", "a&b=c#d").param("empty", " ").toString();
        assertThat(link).isEqualTo("/packages/..%2Fa%2F%7Bb%7D?saved&dialect=%7Bx%7D%0D%0ASet-Cookie%3A%20y"
                + "&environment=a%26b%3Dc%23d");
        assertThat(Link.to("/loads/{id}", 5).param("dialect", "snowflake").redirect())
                .isEqualTo("redirect:/loads/5?dialect=snowflake");
    }
}
