package io.loadsmith.generation.call;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.loadsmith.engine.VesselFixture;
import io.loadsmith.generation.model.LoadModel;

/** The names an environment may not set are exactly those the load fills in: one list, kept in step. */
class PlaceholdersTest {

    @Test
    void theLoadsOwnNamesAreTheOnesItFillsIn() {
        LoadModel vessel = VesselFixture.load(VesselFixture.SEED_CREATE_TEMP);
        LoadModel withSource = new LoadModel(vessel.name(), vessel.target(), List.of(vessel.target()), vessel.steps(),
                vessel.options());

        assertThat(Placeholders.of(withSource, "h2", Map.of()).keySet()).containsExactlyInAnyOrderElementsOf(Placeholders.OF_THE_LOAD);
        // An environment's variable of such a name would lose to the load's own value.
        assertThat(Placeholders.of(withSource, "h2", Map.of("target_schema", "env", "env_suffix", "_d")))
                .containsEntry("target_schema", vessel.target().schema()).containsEntry("env_suffix", "_d");
    }
}
