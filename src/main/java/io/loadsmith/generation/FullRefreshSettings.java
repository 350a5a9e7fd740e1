package io.loadsmith.generation;

import java.util.Set;

/**
 * The project's full-refresh policies ({@code loadsmith.full-refresh.*}): one for loads of
 * current-state input, one for loads of historical input (seed 004 defaults: deny and
 * require_confirmation), and the attribute types that make a target a history table.
 */
public record FullRefreshSettings(FullRefreshPolicy currentState, FullRefreshPolicy historical,
                                  Set<String> historyAttributeTypes) {

    public static final String PREFIX = "loadsmith.full-refresh";
    public static final Set<String> DEFAULT_HISTORY_ATTRIBUTE_TYPES =
            Set.of("VALID_FROM", "VALID_TO", "SCD_ID", "SCD_VERSION", "VALIDITY_STATUS");

    public FullRefreshSettings {
        currentState = currentState == null ? FullRefreshPolicy.DENY : currentState;
        historical = historical == null ? FullRefreshPolicy.REQUIRE_CONFIRMATION : historical;
        historyAttributeTypes = historyAttributeTypes == null || historyAttributeTypes.isEmpty()
                ? DEFAULT_HISTORY_ATTRIBUTE_TYPES : Set.copyOf(historyAttributeTypes);
    }

    public FullRefreshSettings(FullRefreshPolicy currentState, FullRefreshPolicy historical) {
        this(currentState, historical, null);
    }

    /** The seed's defaults: current-state deny, historical require_confirmation. */
    public static FullRefreshSettings defaults() {
        return new FullRefreshSettings(null, null, null);
    }

    public FullRefreshPolicy forInput(boolean historicalInput) {
        return historicalInput ? historical : currentState;
    }

    public String settingName(boolean historicalInput) {
        return PREFIX + "." + (historicalInput ? "historical" : "current-state");
    }
}
