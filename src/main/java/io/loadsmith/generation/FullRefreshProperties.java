package io.loadsmith.generation;

import java.util.Set;

import org.springframework.boot.context.properties.ConfigurationProperties;


/**
 * {@code loadsmith.full-refresh.*}: the project's full-refresh safety policies (seed 004).
 * {@code current-state} applies to loads of current-state input, {@code historical} to loads whose
 * template call reads historical input (template.yaml {@code historicalInput}).
 * {@code history-attribute-types}: attribute types that make a target a history table.
 */
@ConfigurationProperties(prefix = FullRefreshSettings.PREFIX)
record FullRefreshProperties(FullRefreshPolicy currentState, FullRefreshPolicy historical,
                                    Set<String> historyAttributeTypes) {

    FullRefreshSettings toSettings() {
        return new FullRefreshSettings(currentState, historical, historyAttributeTypes);
    }
}
