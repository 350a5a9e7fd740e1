package io.loadsmith.export;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

import io.loadsmith.exchange.PackageDocument.LoadDoc;

/**
 * Orders loads so that a load runs after the loads that fill its sources and the source entities of
 * its mappings (Kahn's algorithm; among loads that are ready, by name, so the order is stable). A
 * cycle is an error that names its loads and the entities that tie them. The SQL package's export and
 * "Try it" of a whole model (io.loadsmith.tryit) order loads with it.
 */
public final class RunOrder {

    /** Loads that wait for each other; the message names them and the entities that tie them. */
    public static final class Cycle extends IllegalArgumentException {
        Cycle(String message) {
            super(message);
        }
    }

    /** What the order needs of a load: its (unique) name, its target, and the tables it reads (sources and mappings'). */
    public record Node(String name, String target, Set<String> reads) {
    }

    /**
     * Loads in run order, and where the run's checks go: after the first {@code checksAt} loads, which are
     * the loads the checked loads read from (their stages) and what those wait for, before any other load.
     */
    public record Staged<T>(List<T> loads, int checksAt) {
    }

    private RunOrder() {
    }

    static List<LoadDoc> of(List<LoadDoc> loads) {
        return of(loads, l -> new Node(l.name(), l.target(), reads(l)));
    }

    static Staged<LoadDoc> staged(List<LoadDoc> loads, Set<String> checked) {
        return staged(loads, l -> new Node(l.name(), l.target(), reads(l)), checked);
    }

    /**
     * {@code loads} in the order to run them.
     *
     * @throws Cycle when loads wait for each other
     */
    public static <T> List<T> of(List<T> loads, Function<T, Node> node) {
        return staged(loads, node, Set.of()).loads();
    }

    /**
     * {@code loads} in the order to run them, where the loads that fill what the {@code checked} loads read
     * (and the loads those wait for) run first, so that the checks can run before any other load writes
     * (rule 17 for the whole run). Still a dependency order, and the same for the same input.
     *
     * @throws Cycle when loads wait for each other
     */
    public static <T> Staged<T> staged(List<T> loads, Function<T, Node> node, Set<String> checked) {
        Map<String, List<Node>> byTarget = new HashMap<>();
        Map<String, T> byName = new HashMap<>();
        Map<String, Node> nodes = new HashMap<>();
        for (T load : loads) {
            Node n = node.apply(load);
            byTarget.computeIfAbsent(key(n.target()), k -> new ArrayList<>()).add(n);
            byName.put(n.name(), load);
            nodes.put(n.name(), n);
        }
        Map<String, Set<String>> waitsFor = new HashMap<>();
        for (Node load : nodes.values()) {
            Set<String> before = new HashSet<>();
            for (String source : load.reads()) {
                for (Node feeder : byTarget.getOrDefault(key(source), List.of())) {
                    if (!feeder.name().equals(load.name())) {
                        before.add(feeder.name());
                    }
                }
            }
            waitsFor.put(load.name(), before);
        }
        // Who waits for whom, both ways, so that finishing a load touches only its dependents
        // (the first version scanned every load each time: quadratic, which showed at 50,000 loads).
        Map<String, List<String>> dependents = new HashMap<>();
        waitsFor.forEach((name, before) -> before.forEach(b -> dependents.computeIfAbsent(b, k -> new ArrayList<>()).add(name)));
        Set<String> first = prerequisites(checked, waitsFor);
        List<T> ordered = new ArrayList<>();
        TreeSet<String> ready = new TreeSet<>();
        TreeSet<String> readyFirst = new TreeSet<>();
        waitsFor.forEach((name, before) -> {
            if (before.isEmpty()) {
                (first.contains(name) ? readyFirst : ready).add(name);
            }
        });
        while (!ready.isEmpty() || !readyFirst.isEmpty()) {
            String next = readyFirst.isEmpty() ? ready.pollFirst() : readyFirst.pollFirst();
            ordered.add(byName.get(next));
            waitsFor.remove(next);
            for (String dependent : dependents.getOrDefault(next, List.of())) {
                Set<String> before = waitsFor.get(dependent);
                if (before != null && before.remove(next) && before.isEmpty()) {
                    (first.contains(dependent) ? readyFirst : ready).add(dependent);
                }
            }
        }
        if (!waitsFor.isEmpty()) {
            Set<String> inCycle = new HashSet<>();
            waitsFor.keySet().forEach(name -> inCycle.add(key(nodes.get(name).target())));
            throw new Cycle("Loads depend on each other in a cycle: " + String.join(", ",
                    new TreeSet<>(waitsFor.keySet()).stream().map(nodes::get).map(l -> l.name() + " ("
                            + l.target() + " <- " + String.join(", ", l.reads().stream()
                            .filter(s -> inCycle.contains(key(s))).toList()) + ")").toList()));
        }
        return new Staged<>(ordered, first.size());
    }

    /** The loads the checked loads wait for, and those they wait for, to the roots (not the checked loads themselves). */
    private static Set<String> prerequisites(Set<String> checked, Map<String, Set<String>> waitsFor) {
        Set<String> found = new HashSet<>();
        List<String> open = new ArrayList<>();
        checked.stream().filter(waitsFor::containsKey).forEach(c -> open.addAll(waitsFor.get(c)));
        while (!open.isEmpty()) {
            String load = open.remove(open.size() - 1);
            if (found.add(load)) {
                open.addAll(waitsFor.getOrDefault(load, Set.of()));
            }
        }
        return found;
    }

    /** What a load reads: its sources, then its mappings' source entities. */
    private static Set<String> reads(LoadDoc load) {
        Set<String> reads = new LinkedHashSet<>(load.sources());
        load.mappings().forEach(m -> reads.add(m.source()));
        return reads;
    }

    private static String key(String qualifiedName) {
        return qualifiedName == null ? "" : qualifiedName.toLowerCase(Locale.ROOT);
    }
}
