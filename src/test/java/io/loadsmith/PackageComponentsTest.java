package io.loadsmith;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * Cycles at every depth of the package tree, not only between pairs of top-level packages: the
 * strongly connected components of the package graph, with packages cut to 1, 2 and 3 levels
 * below io.loadsmith and at their full depth. A ring (a → b → c → a) or a feature and its own
 * {@code api} using each other is such a component.
 * Main has none (issue 50 broke the last: a ring of four features and nine feature/api pairs).
 */
class PackageComponentsTest {

    private static final Path ROOT = Path.of("src/main/java/io/loadsmith");
    private static final Pattern USE = Pattern.compile("\\bio\\.loadsmith\\.((?:[a-z0-9_]+\\.)+)[A-Z]");
    private static final Pattern NOISE = Pattern.compile(
            "//[^\\n]*+|/\\*[^*]*+\\*++(?:[^/*][^*]*+\\*++)*+/|\"[^\"\\\\\\n]*+(?:\\\\.[^\"\\\\\\n]*+)*+\"");
    private static final int FULL = Integer.MAX_VALUE;

    @Test
    void thePackageGraphHasNoCycleAtAnyDepth() throws IOException {
        Map<String, Set<String>> full = graph();
        Set<String> found = new TreeSet<>();
        for (int depth : new int[] {1, 2, 3, FULL}) {
            for (Set<String> component : components(cut(full, depth))) {
                found.add(String.join(" ~ ", new TreeSet<>(component)));
            }
        }
        assertThat(found).as("package cycles (break them where they start; the graph: %s)", full).isEmpty();
    }

    /**
     * A feature's service and domain speak the feature's own records: only adapters (a feature's
     * {@code api} and {@code web} packages) use another {@code api} or {@code web} package, so a
     * change of JSON or of a page never reaches the domain.
     */
    @Test
    void noDomainOrServiceFileUsesAnApiOrWebPackage() throws IOException {
        List<String> offenders = new ArrayList<>();
        graph().forEach((from, targets) -> {
            if (adapter(from)) {
                return;
            }
            targets.stream().filter(PackageComponentsTest::adapter)
                    .forEach(to -> offenders.add(from + " -> " + to));
        });
        assertThat(offenders).as("domain or service packages that use an api or web package").isEmpty();
    }

    /**
     * The adapters: a feature's {@code api} and {@code web}, the page and REST support beside them
     * ({@code web}, {@code rest}) and the HTTP security that wraps both.
     */
    private static boolean adapter(String pkg) {
        return ADAPTERS.contains(pkg) || pkg.endsWith(".api") || pkg.endsWith(".web") || pkg.contains(".api.")
                || pkg.contains(".web.");
    }

    private static final Set<String> ADAPTERS = Set.of("web", "rest", "security");

    @Test
    void aRingOfThreeIsAComponent() {
        Map<String, Set<String>> ring = Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of("a"), "d", Set.of("a"));
        assertThat(components(ring)).containsExactly(Set.of("a", "b", "c"));
    }

    /** Package (below io.loadsmith, dotted) → the packages its files name. */
    static Map<String, Set<String>> graph() throws IOException {
        Map<String, Set<String>> uses = new TreeMap<>();
        try (Stream<Path> files = Files.walk(ROOT)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                Path parent = ROOT.relativize(file).getParent();
                if (parent == null) {
                    continue;
                }
                String from = parent.toString().replace(java.io.File.separatorChar, '.');
                Matcher use = USE.matcher(NOISE.matcher(Files.readString(file)).replaceAll(""));
                Set<String> targets = uses.computeIfAbsent(from, k -> new TreeSet<>());
                while (use.find()) {
                    String to = use.group(1).substring(0, use.group(1).length() - 1);
                    if (!to.equals(from)) {
                        targets.add(to);
                    }
                }
            }
        }
        return uses;
    }

    private static Map<String, Set<String>> cut(Map<String, Set<String>> graph, int depth) {
        Map<String, Set<String>> cut = new TreeMap<>();
        graph.forEach((from, targets) -> {
            String f = prefix(from, depth);
            Set<String> out = cut.computeIfAbsent(f, k -> new TreeSet<>());
            targets.stream().map(t -> prefix(t, depth)).filter(t -> !t.equals(f)).forEach(out::add);
        });
        return cut;
    }

    private static String prefix(String pkg, int depth) {
        String[] parts = pkg.split("\\.");
        return depth >= parts.length ? pkg : String.join(".", java.util.Arrays.copyOf(parts, depth));
    }

    /** Tarjan's strongly connected components of more than one node. */
    static List<Set<String>> components(Map<String, Set<String>> graph) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new java.util.HashSet<>();
        List<Set<String>> out = new ArrayList<>();
        int[] counter = {0};
        for (String node : new TreeSet<>(graph.keySet())) {
            if (!index.containsKey(node)) {
                connect(node, graph, index, low, stack, onStack, out, counter);
            }
        }
        return out;
    }

    private static void connect(String v, Map<String, Set<String>> graph, Map<String, Integer> index,
                                Map<String, Integer> low, Deque<String> stack, Set<String> onStack,
                                List<Set<String>> out, int[] counter) {
        index.put(v, counter[0]);
        low.put(v, counter[0]++);
        stack.push(v);
        onStack.add(v);
        for (String w : graph.getOrDefault(v, Set.of())) {
            if (!index.containsKey(w)) {
                connect(w, graph, index, low, stack, onStack, out, counter);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (onStack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            Set<String> component = new TreeSet<>();
            String w;
            do {
                w = stack.pop();
                onStack.remove(w);
                component.add(w);
            } while (!w.equals(v));
            if (component.size() > 1) {
                out.add(component);
            }
        }
    }
}
