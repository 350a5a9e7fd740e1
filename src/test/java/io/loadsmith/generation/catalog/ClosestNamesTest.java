package io.loadsmith.generation.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

class ClosestNamesTest {

    private static final List<String> KNOWN = List.of("append", "audit", "cdc_scd2", "insert_new_by_datahash", "scd2",
            "scd_hybrid_rebuild", "snapshot", "truncate_insert");

    @Test
    void nearestFirstIgnoringCaseAtMostThree() {
        assertThat(ClosestNames.to("scd3", KNOWN)).containsExactly("scd2");
        assertThat(ClosestNames.to("SNAPSHTO", KNOWN)).containsExactly("snapshot");
        assertThat(ClosestNames.to("scd", KNOWN)).containsExactly("scd2", "cdc_scd2", "scd_hybrid_rebuild");
        assertThat(ClosestNames.to("truncate", KNOWN)).containsExactly("truncate_insert");
    }

    @Test
    void nothingNearIsNothingAndEmptyInputsAreFine() {
        assertThat(ClosestNames.to("zzzzzzzz", KNOWN)).isEmpty();
        assertThat(ClosestNames.to("", KNOWN)).isEmpty();
        assertThat(ClosestNames.to("scd2", List.of())).isEmpty();
        assertThat(ClosestNames.to("a", List.of("a", "a"))).containsExactly("a");
    }

    @Test
    void distanceCountsInsertionsDeletionsAndSubstitutions() {
        assertThat(ClosestNames.distance("", "")).isZero();
        assertThat(ClosestNames.distance("kitten", "sitting")).isEqualTo(3);
        assertThat(ClosestNames.distance("abc", "")).isEqualTo(3);
    }
}
