package io.loadsmith.generation;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * What a full refresh of a history table may do (seed 004, "Full refresh safety"), from the
 * strictest: {@code deny} (never, whatever the caller confirms), {@code require_confirmation}
 * (only when the caller confirms: {@code allowFullRefresh=true} / {@code --allow-full-refresh}),
 * {@code allow}.
 */
public enum FullRefreshPolicy {
    DENY, REQUIRE_CONFIRMATION, ALLOW;

    /** The name as written in settings, the entity API and package JSON, e.g. require_confirmation. */
    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean isStricterThan(FullRefreshPolicy other) {
        return ordinal() < other.ordinal();
    }

    public static FullRefreshPolicy stricter(FullRefreshPolicy a, FullRefreshPolicy b) {
        return a.isStricterThan(b) ? a : b;
    }

    /** deny, require_confirmation or allow (case and - or _ do not matter); anything else is empty. */
    public static Optional<FullRefreshPolicy> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String normalized = text.strip().toUpperCase(Locale.ROOT).replace('-', '_');
        return Arrays.stream(values()).filter(p -> p.name().equals(normalized)).findFirst();
    }

    public static String choices() {
        return "deny, require_confirmation or allow";
    }
}
