package io.loadsmith.generation.catalog;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** The known names nearest to a mistyped one, for "did you mean …": by edit distance, ignoring case. */
final class ClosestNames {

    private static final int AT_MOST = 3;

    private ClosestNames() {
    }

    /**
     * Up to three of {@code known}, nearest first (ties by name), each within a third of the longer
     * name's length in edits (at least 2), or holding the typed name as a part (scd → scd2, cdc_scd2).
     */
    static List<String> to(String typed, Collection<String> known) {
        String t = typed.toLowerCase(Locale.ROOT);
        return known.stream().distinct()
                .filter(k -> near(t, k.toLowerCase(Locale.ROOT)))
                .sorted(Comparator.comparingInt((String k) -> distance(t, k.toLowerCase(Locale.ROOT))).thenComparing(k -> k))
                .limit(AT_MOST).toList();
    }

    private static boolean near(String typed, String known) {
        int allowed = Math.max(2, Math.max(typed.length(), known.length()) / 3);
        return distance(typed, known) <= allowed || (typed.length() >= 3 && known.contains(typed));
    }

    /** Levenshtein distance: insertions, deletions and substitutions. */
    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitute = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitute, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
