package io.loadsmith.packages.export;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import io.loadsmith.exchange.PackageDocument.LoadDoc;

/**
 * Orders loads so that a load runs after the loads that fill its sources and the source entities of
 * its mappings (Kahn's algorithm; among loads that are ready, by name, so the order is stable). A
 * cycle is an error that names its loads and the entities that tie them.
 */
final class RunOrder {

    private RunOrder() {
    }

    static List<LoadDoc> of(List<LoadDoc> loads) {
        Map<String, List<LoadDoc>> byTarget = new HashMap<>();
        for (LoadDoc load : loads) {
            byTarget.computeIfAbsent(key(load.target()), k -> new ArrayList<>()).add(load);
        }
        Map<String, Set<String>> waitsFor = new HashMap<>();
        for (LoadDoc load : loads) {
            Set<String> before = new HashSet<>();
            for (String source : reads(load)) {
                for (LoadDoc feeder : byTarget.getOrDefault(key(source), List.of())) {
                    if (!feeder.name().equals(load.name())) {
                        before.add(feeder.name());
                    }
                }
            }
            waitsFor.put(load.name(), before);
        }
        Map<String, LoadDoc> byName = new HashMap<>();
        loads.forEach(l -> byName.put(l.name(), l));
        // Who waits for whom, both ways, so that finishing a load touches only its dependents
        // (the first version scanned every load each time: quadratic, which showed at 50,000 loads).
        Map<String, List<String>> dependents = new HashMap<>();
        waitsFor.forEach((name, before) -> before.forEach(b -> dependents.computeIfAbsent(b, k -> new ArrayList<>()).add(name)));
        List<LoadDoc> ordered = new ArrayList<>();
        TreeSet<String> ready = new TreeSet<>();
        waitsFor.forEach((name, before) -> {
            if (before.isEmpty()) {
                ready.add(name);
            }
        });
        while (!ready.isEmpty()) {
            String next = ready.pollFirst();
            ordered.add(byName.get(next));
            waitsFor.remove(next);
            for (String dependent : dependents.getOrDefault(next, List.of())) {
                Set<String> before = waitsFor.get(dependent);
                if (before != null && before.remove(next) && before.isEmpty()) {
                    ready.add(dependent);
                }
            }
        }
        if (!waitsFor.isEmpty()) {
            Set<String> inCycle = new HashSet<>();
            waitsFor.keySet().forEach(name -> inCycle.add(key(byName.get(name).target())));
            throw new IllegalArgumentException("Loads depend on each other in a cycle: " + String.join(", ",
                    new TreeSet<>(waitsFor.keySet()).stream().map(name -> byName.get(name)).map(l -> l.name() + " ("
                            + l.target() + " <- " + String.join(", ", reads(l).stream()
                            .filter(s -> inCycle.contains(key(s))).toList()) + ")").toList()));
        }
        return ordered;
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
