package io.loadsmith.store;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

import io.loadsmith.generation.FullRefreshPolicy;
import io.loadsmith.generation.FullRefreshSettings;

/** application.properties sets the seed's defaults, and the generator's settings are bound from it. */
class FullRefreshDefaultsH2Test extends H2StoreTest {

    @Autowired
    private FullRefreshSettings settings;

    @Test
    void theApplicationUsesTheSeedsDefaults() {
        assertThat(settings.currentState()).isEqualTo(FullRefreshPolicy.DENY);
        assertThat(settings.historical()).isEqualTo(FullRefreshPolicy.REQUIRE_CONFIRMATION);
        assertThat(settings.historyAttributeTypes()).isEqualTo(FullRefreshSettings.DEFAULT_HISTORY_ATTRIBUTE_TYPES);
    }
}
