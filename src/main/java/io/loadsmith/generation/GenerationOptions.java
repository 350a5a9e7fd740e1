package io.loadsmith.generation;

/**
 * What the caller of one generation says. {@code allowFullRefresh}: the caller confirms full
 * refreshes of history tables (API {@code allowFullRefresh=true}, command line
 * {@code --allow-full-refresh}); it satisfies {@code require_confirmation} and never overrides
 * {@code deny}.
 */
public record GenerationOptions(boolean allowFullRefresh) {

    public static final GenerationOptions NONE = new GenerationOptions(false);
    public static final GenerationOptions CONFIRMED_FULL_REFRESH = new GenerationOptions(true);

    public static GenerationOptions of(boolean allowFullRefresh) {
        return allowFullRefresh ? CONFIRMED_FULL_REFRESH : NONE;
    }
}
