package io.loadsmith;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * Imports run one way between the top-level packages under io.loadsmith (features → engine →
 * model and dialects): no two of them may use each other. Read from the source tree (imports and
 * names written inline, comments and strings left out), so it needs no library and no classes.
 */
class PackageCyclesTest {

    private static final Path ROOT = Path.of("src/main/java/io/loadsmith");
    private static final Pattern USE = Pattern.compile("\\bio\\.loadsmith\\.([a-z0-9_]+)\\.[A-Za-z]");
    // Unrolled loops of plain character classes: alternation in a loop overflows the stack on long texts.
    private static final Pattern NOISE = Pattern.compile(
            "//[^\\n]*+|/\\*[^*]*+\\*++(?:[^/*][^*]*+\\*++)*+/|\"[^\"\\\\\\n]*+(?:\\\\.[^\"\\\\\\n]*+)*+\"");

    @Test
    void noTwoTopLevelPackagesImportEachOther() throws IOException {
        Map<String, Set<String>> uses = graph();
        Set<String> twoWay = new TreeSet<>();
        uses.forEach((from, targets) -> targets.stream()
                .filter(to -> uses.getOrDefault(to, Set.of()).contains(from))
                .forEach(to -> twoWay.add(from.compareTo(to) < 0 ? from + " <-> " + to : to + " <-> " + from)));

        assertThat(twoWay).as("two-way pairs; the graph: %s", uses).isEmpty();
    }

    static Map<String, Set<String>> graph() throws IOException {
        Map<String, Set<String>> uses = new TreeMap<>();
        try (Stream<Path> files = Files.walk(ROOT)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                Path relative = ROOT.relativize(file);
                if (relative.getNameCount() < 2) {
                    continue;
                }
                String from = relative.getName(0).toString();
                Matcher use = USE.matcher(NOISE.matcher(Files.readString(file)).replaceAll(""));
                while (use.find()) {
                    if (!use.group(1).equals(from)) {
                        uses.computeIfAbsent(from, k -> new TreeSet<>()).add(use.group(1));
                    }
                }
            }
        }
        return uses;
    }
}
