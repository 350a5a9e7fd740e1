package io.loadsmith.lineage;

import java.util.List;

import io.swagger.v3.oas.annotations.media.Schema;

/** Entities, loads and other tables, and the edges data flows along: read table → load → target entity. */
public record LineageGraph(List<Node> nodes, List<Edge> edges) {

    public LineageGraph {
        nodes = List.copyOf(nodes);
        edges = List.copyOf(edges);
    }

    public enum Kind { ENTITY, LOAD, TABLE }

    /**
     * @param id   {@code entity:ID}, {@code load:ID} or {@code table:schema.name}
     * @param url  the object's designer page; none for a table that is not an entity
     */
    public record Node(String id, Kind kind, String name,
                       @Schema(description = "The entity's package (for a load: its target's)") String packageName,
                       String url,
                       @Schema(description = "For a load: what of its SQL could not be read, so its edges may be"
                               + " incomplete; empty otherwise") List<String> notes) {

        public Node {
            notes = notes == null ? List.of() : List.copyOf(notes);
        }

        Node(String id, Kind kind, String name, String packageName, String url) {
            this(id, kind, name, packageName, url, List.of());
        }
    }

    public record Edge(String source, String target) {
    }
}
