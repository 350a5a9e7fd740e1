package io.loadsmith.lineage;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.loadsmith.entity.EntityService;
import io.loadsmith.entity.EntityResponse;
import io.loadsmith.load.Generation;
import io.loadsmith.load.GenerationRequest;
import io.loadsmith.generation.GeneratedLoad;
import io.loadsmith.load.GenerationResult;
import io.loadsmith.load.LoadService;
import io.loadsmith.load.LoadResponse;
import io.loadsmith.load.StepJson;
import io.loadsmith.packageregistry.MetadataPackageService;

/**
 * The lineage graph: for every load, its source entities, its mappings' source entities and (for a
 * load without mappings) the tables its SQL reads flow into it, and it flows into its target. The SQL is the generated SQL (templates expanded, placeholders
 * replaced); a load whose SQL cannot be generated falls back to its steps' text.
 */
@Service
@Transactional(readOnly = true)
public class LineageService {

    /** Any dialect names the same tables; DuckDB's SQL is also what "Try it" runs. */
    static final String DIALECT = "duckdb";

    private final LoadService loads;
    private final Generation generation;
    private final EntityService entities;
    private final MetadataPackageService packages;

    public LineageService(LoadService loads, Generation generation, EntityService entities,
                          MetadataPackageService packages) {
        this.loads = loads;
        this.generation = generation;
        this.entities = entities;
        this.packages = packages;
    }

    /** The whole graph, or a package's part of it (its entities and every load that reads or writes them). */
    public LineageGraph forPackage(String packageName) {
        if (packageName != null) {
            packages.byName("package", packageName);
        }
        Full full = full();
        if (packageName == null) {
            return full.graph(full.nodes.keySet());
        }
        Set<String> members = new LinkedHashSet<>();
        full.nodes.values().stream().filter(n -> n.kind() == LineageGraph.Kind.ENTITY && packageName.equals(n.packageName()))
                .forEach(n -> members.add(n.id()));
        // A load belongs in the picture when it reads or writes one of the package's entities; with it come all its ends.
        Map<String, Set<String>> ends = new HashMap<>();
        for (LineageGraph.Edge edge : full.edges) {
            String load = edge.source().startsWith("load:") ? edge.source() : edge.target();
            ends.computeIfAbsent(load, k -> new LinkedHashSet<>()).add(load.equals(edge.source()) ? edge.target() : edge.source());
        }
        Set<String> keep = new LinkedHashSet<>(members);
        ends.forEach((load, touched) -> {
            if (touched.stream().anyMatch(members::contains)) {
                keep.add(load);
                keep.addAll(touched);
            }
        });
        return full.graph(keep);
    }

    /** An entity with everything upstream of it (what feeds it) and downstream (what it feeds), transitively. */
    public LineageGraph forEntity(long entityId) {
        EntityResponse entity = entities.get(entityId);
        Full full = full();
        String start = "entity:" + entity.id();
        Set<String> keep = new LinkedHashSet<>();
        keep.add(start);
        walk(start, full.edges, LineageGraph.Edge::target, LineageGraph.Edge::source, keep);
        walk(start, full.edges, LineageGraph.Edge::source, LineageGraph.Edge::target, keep);
        return full.graph(keep);
    }

    private static void walk(String start, List<LineageGraph.Edge> edges, Function<LineageGraph.Edge, String> from,
                             Function<LineageGraph.Edge, String> to, Set<String> keep) {
        Deque<String> todo = new ArrayDeque<>(List.of(start));
        Set<String> seen = new LinkedHashSet<>(todo);
        while (!todo.isEmpty()) {
            String node = todo.pop();
            for (LineageGraph.Edge edge : edges) {
                if (from.apply(edge).equals(node) && seen.add(to.apply(edge))) {
                    todo.push(to.apply(edge));
                }
            }
        }
        keep.addAll(seen);
    }

    private record Full(Map<String, LineageGraph.Node> nodes, List<LineageGraph.Edge> edges) {
        LineageGraph graph(Set<String> keep) {
            return new LineageGraph(nodes.values().stream().filter(n -> keep.contains(n.id())).toList(),
                    edges.stream().filter(e -> keep.contains(e.source()) && keep.contains(e.target())).toList());
        }
    }

    private Full full() {
        Map<String, LineageGraph.Node> nodes = new LinkedHashMap<>();
        Map<String, EntityResponse> byName = new HashMap<>();
        for (EntityResponse e : entities.list(null)) {
            byName.put(e.qualifiedName().toLowerCase(Locale.ROOT), e);
            nodes.put(entityId(e), new LineageGraph.Node(entityId(e), LineageGraph.Kind.ENTITY, e.qualifiedName(),
                    e.packageName(), "/entities/" + e.id()));
        }
        Set<LineageGraph.Edge> edges = new LinkedHashSet<>();
        for (LoadResponse load : loads.list(null)) {
            EntityResponse target = byName.get(load.target().toLowerCase(Locale.ROOT));
            String loadId = "load:" + load.id();
            List<String> notes = new ArrayList<>();
            // In place now, so that the load comes before the tables it reads; again below, with its notes.
            nodes.put(loadId, new LineageGraph.Node(loadId, LineageGraph.Kind.LOAD, load.name(),
                    target == null ? null : target.packageName(), "/loads/" + load.id()));
            if (target != null) {
                edges.add(new LineageGraph.Edge(loadId, entityId(target)));
            }
            Set<String> reads = new LinkedHashSet<>();
            load.sources().forEach(s -> reads.add(s.toLowerCase(Locale.ROOT)));
            load.mappings().forEach(m -> reads.add(m.source().toLowerCase(Locale.ROOT)));
            // A load's mappings say what it reads; its SQL is searched only where it has none.
            TableReferences refs = TableReferences.of(load.mappings().isEmpty() ? statements(load, notes) : List.of());
            notes.addAll(refs.unread());
            reads.addAll(refs.read());
            reads.remove(load.target().toLowerCase(Locale.ROOT));
            for (String table : reads) {
                EntityResponse entity = byName.get(table);
                String id = entity != null ? entityId(entity) : "table:" + table;
                if (entity == null) {
                    nodes.putIfAbsent(id, new LineageGraph.Node(id, LineageGraph.Kind.TABLE, refs.spelling(table), null, null));
                }
                edges.add(new LineageGraph.Edge(id, loadId));
            }
            for (String written : refs.written()) {
                EntityResponse entity = byName.get(written);
                if (entity != null && entity != target && !refs.created().contains(written)) {
                    edges.add(new LineageGraph.Edge(loadId, entityId(entity)));
                }
            }
            nodes.put(loadId, new LineageGraph.Node(loadId, LineageGraph.Kind.LOAD, load.name(),
                    target == null ? null : target.packageName(), "/loads/" + load.id(), notes));
        }
        return new Full(nodes, new ArrayList<>(edges));
    }

    /** The load's generated SQL; when it cannot be generated, its steps' text, and the notes say so. */
    private List<String> statements(LoadResponse load, List<String> notes) {
        GenerationResult<GeneratedLoad> generated = generation.generate(new GenerationRequest.StoredLoad(load.id(), DIALECT, null));
        if (!generated.failed()) {
            return SqlText.statements(generated.sql());
        }
        notes.add("Its SQL cannot be generated (" + generated.problem().message() + "); the steps' text was read instead.");
        return SqlText.statements(load.steps().stream().map(StepJson::text).collect(Collectors.joining(";\n")));
    }

    private static String entityId(EntityResponse e) {
        return "entity:" + e.id();
    }
}
