package io.loadsmith.load.web;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

import io.loadsmith.entity.AttributeJson;
import io.loadsmith.entity.EntityResponse;
import io.loadsmith.load.AttributeMapping;
import io.loadsmith.load.EntityMapping;
import io.loadsmith.web.FormErrors;
import io.loadsmith.web.FormFields;
import io.loadsmith.web.FormRows;

/**
 * The load page's mapping editor, part of the load form: the entity mappings (source entity, type)
 * and one row per target attribute (which mapping feeds it, its source attributes comma-separated in
 * order, its transformation type, the formula of CUSTOM). Only when {@code edited} is sent does a save
 * replace the stored mappings; a form without the editor keeps them. A row without sources and type
 * is unmapped. The request is built in row order, so a refusal at {@code mappings[i].attributes[j]}
 * is found back at its row ({@link #rowError}). A record like the form: the editor's buttons return a
 * new editor, and a row's mapping position stays the text sent until {@link #toMappings} types it.
 */
public record MappingEditor(Boolean edited, List<Source> mappings, List<Row> rows, String into) {

    /** A form posted without the editor's fields: a save keeps the stored mappings. */
    static final MappingEditor NOT_EDITED = new MappingEditor(false, null, null, null);

    /** Not ticked unless sent as true; a mapping or row the browser skipped is an empty one in its place. */
    public MappingEditor {
        edited = Boolean.TRUE.equals(edited);
        mappings = FormRows.bound(mappings, Source::blank);
        rows = FormRows.bound(rows, () -> new Row(null, null, null, null, null, null, null));
    }

    /** The stored mappings laid out over the target's attributes (mapped targets the target lacks are kept as rows too). */
    static MappingEditor of(List<EntityMapping> stored, Optional<EntityResponse> target) {
        List<EntityMapping> given = stored == null ? List.of() : stored;
        List<Source> sources = new ArrayList<>(given.stream().map(m -> new Source(m.source(), m.mappingType(), m.name())).toList());
        if (given.isEmpty()) {
            // A first source entity to choose at once: choose it, Map by name, Save.
            sources.add(Source.blank());
        }
        List<Row> rows = new ArrayList<>(target.map(t -> t.attributes().stream().map(Row::of).toList()).orElse(List.of()));
        for (int i = 0; i < given.size(); i++) {
            for (AttributeMapping a : given.get(i).attributes()) {
                int at = indexOf(rows, a.target());
                Row row = at < 0 ? new Row(a.target(), null, null, null, null, null, null) : rows.get(at);
                Row mapped = new Row(row.target, row.datatype, row.attributeType, String.valueOf(i),
                        String.join(", ", a.sources()), a.transformationType(), a.formula());
                if (at < 0) {
                    rows.add(mapped);
                } else {
                    rows.set(at, mapped);
                }
            }
        }
        return new MappingEditor(false, sources, rows, null);
    }

    /**
     * The mappings to save, in position order; rows in table order under their mapping. A row's mapping
     * that is no position of a source entity is a problem at its field ({@code mapping.rows[k].mapping}).
     */
    List<EntityMapping> toMappings(FormFields fields) {
        for (int k = 0; k < rows.size(); k++) {
            Row r = rows.get(k);
            Integer typed = fields.integer("mapping.rows[" + k + "].mapping", r.mapping);
            if (r.mapped() && typed != null && (typed < 0 || typed >= mappings.size())) {
                fields.refuse("mapping.rows[" + k + "].mapping", r.mapping, "is not the position of a source entity (0 to "
                        + (mappings.size() - 1) + ")");
            }
        }
        List<EntityMapping> result = new ArrayList<>();
        int count = mappings.size();
        // A last source entity left unchosen, with no row mapped to it, is not a mapping yet.
        while (count > 0 && blank(mappings.get(count - 1).source) && rowsOf(count - 1) == 0) {
            count--;
        }
        for (int i = 0; i < count; i++) {
            Source s = mappings.get(i);
            List<AttributeMapping> attributes = new ArrayList<>();
            for (Row r : rows) {
                if (r.mapped() && r.mappingIndex() == i) {
                    String type = blank(r.transformationType) ? null : r.transformationType.strip();
                    attributes.add(new AttributeMapping(r.target, r.sourceList(), type,
                            AttributeMapping.CUSTOM.equalsIgnoreCase(type) && !blank(r.formula) ? r.formula : null));
                }
            }
            result.add(new EntityMapping(s.source == null ? "" : s.source.strip(), s.mappingType,
                    blank(s.name) ? null : s.name.strip(), attributes));
        }
        return result;
    }

    boolean isEdited() {
        return edited;
    }

    /** The editor as a button of it sent it: from now on a save replaces the stored mappings. */
    MappingEditor asEdited() {
        return new MappingEditor(true, mappings, rows, into);
    }

    private long rowsOf(int mapping) {
        return rows.stream().filter(r -> r.mapped() && r.mappingIndex() == mapping).count();
    }

    /** Where a row's refusals are: {@code mappings[i].attributes[j].}, or null when the row is not saved. */
    public String prefixOf(int rowIndex) {
        Row row = rows.get(rowIndex);
        if (!row.mapped()) {
            return null;
        }
        int j = 0;
        for (int k = 0; k < rowIndex; k++) {
            if (rows.get(k).mapped() && rows.get(k).mappingIndex() == row.mappingIndex()) {
                j++;
            }
        }
        return "mappings[" + row.mappingIndex() + "].attributes[" + j + "].";
    }

    /** The refusals of a row's field ({@code target}, {@code sources}, {@code transformationType}, {@code formula}). */
    public String rowError(FormErrors errors, int rowIndex, String field) {
        String prefix = prefixOf(rowIndex);
        return errors == null || prefix == null ? null : errors.under(prefix + field);
    }

    /** How many rows are mapped: map by name's count is the difference it makes. */
    int mappedRows() {
        return (int) rows.stream().filter(Row::mapped).count();
    }

    /** Map by name: every unmapped target attribute fed by the source attribute of its name (ignoring case), by the first mapping that has one. */
    MappingEditor mappedByName(List<EntityResponse> entities) {
        return withRows(r -> {
            if (r.mapped()) {
                return r;
            }
            for (int i = 0; i < mappings.size(); i++) {
                Optional<String> same = attributesOf(mappings.get(i).source, entities).stream()
                        .filter(n -> n.equalsIgnoreCase(r.target)).findFirst();
                if (same.isPresent()) {
                    return r.fedBy(i, same.get(), null);
                }
            }
            return r;
        });
    }

    /**
     * Mapping {@code index} reads another source entity now: its rows keep only the source attributes
     * that entity has (a row left with neither sources nor type is unmapped again), so map by name
     * fills them afresh, and passing over entities in the list leaves nothing of them behind.
     */
    MappingEditor sourceChosen(int index, List<EntityResponse> entities) {
        if (index < 0 || index >= mappings.size()) {
            return this;
        }
        List<String> has = attributesOf(mappings.get(index).source, entities);
        return withRows(r -> r.mapped() && r.mappingIndex() == index
                ? r.fedBy(r.mapping, String.join(", ", r.sourceList().stream()
                        .filter(n -> has.stream().anyMatch(n::equalsIgnoreCase)).toList()), r.transformationType)
                : r);
    }

    /** Source attributes of the mappings with no target attribute of their name (first by name, ignoring case). */
    List<AttributeJson> unmatchedSources(List<EntityResponse> entities) {
        Map<String, AttributeJson> found = new LinkedHashMap<>();
        for (Source s : mappings) {
            for (AttributeJson a : sourceEntity(s.source, entities).map(EntityResponse::attributes).orElse(List.of())) {
                if (indexOf(rows, a.name()) < 0) {
                    found.putIfAbsent(a.name().toLowerCase(Locale.ROOT), a);
                }
            }
        }
        return List.copyOf(found.values());
    }

    /** Rows for target attributes just added to the target, after its others. */
    MappingEditor withRowsAdded(List<AttributeJson> added) {
        List<Row> all = new ArrayList<>(rows);
        added.forEach(a -> all.add(Row.of(a)));
        return new MappingEditor(edited, mappings, all, into);
    }

    /**
     * Map all into one: the chosen target attribute is fed by every source attribute the other rows of
     * its mapping copy into payload attributes (no attribute type: not a key, load time or record
     * source), in table order; empty when no target attribute is chosen.
     */
    Optional<MappingEditor> mappedAllInto() {
        int chosen = indexOf(rows, into);
        if (chosen < 0) {
            return Optional.empty();
        }
        Row target = rows.get(chosen);
        int mapping = target.mapped() ? target.mappingIndex() : 0;
        LinkedHashSet<String> payload = new LinkedHashSet<>();
        for (Row r : rows) {
            if (r != target && r.mapped() && r.mappingIndex() == mapping && blank(r.transformationType) && blank(r.attributeType)) {
                payload.addAll(r.sourceList());
            }
        }
        Row fed = target.fedBy(mapping, String.join(", ", payload), target.transformationType);
        return Optional.of(withRows(r -> r == target ? fed : r));
    }

    MappingEditor withMappingAdded() {
        List<Source> all = new ArrayList<>(mappings);
        all.add(Source.blank());
        return new MappingEditor(edited, all, rows, into);
    }

    /** Without mapping {@code index}: its rows are unmapped, the rows of the mappings after it move up one. */
    MappingEditor withoutMapping(int index) {
        if (index < 0 || index >= mappings.size()) {
            return this;
        }
        MappingEditor fewer = new MappingEditor(edited, FormRows.moved(mappings, "remove-" + index), rows, into);
        return fewer.withRows(r -> {
            if (r.mapped() && r.mappingIndex() == index) {
                return new Row(r.target, r.datatype, r.attributeType, null, null, null, null);
            }
            int at = r.mappingIndex();
            return r.mapping != null && at > index ? r.fedBy(at - 1, r.sources, r.transformationType) : r;
        });
    }

    private MappingEditor withRows(UnaryOperator<Row> change) {
        return new MappingEditor(edited, mappings, rows.stream().map(change).toList(), into);
    }

    /** The attribute names of a mapping's source entity, as the datalist of its rows offers them. */
    static List<String> attributesOf(String qualifiedName, List<EntityResponse> entities) {
        return sourceEntity(qualifiedName, entities).map(e -> e.attributes().stream().map(AttributeJson::name).toList())
                .orElse(List.of());
    }

    private static Optional<EntityResponse> sourceEntity(String qualifiedName, List<EntityResponse> entities) {
        String name = qualifiedName == null ? "" : qualifiedName.strip();
        return entities.stream().filter(e -> e.qualifiedName().equalsIgnoreCase(name)).findFirst();
    }

    /** The row of a target attribute (ignoring case), or -1. */
    private static int indexOf(List<Row> rows, String target) {
        for (int i = 0; target != null && i < rows.size(); i++) {
            if (rows.get(i).target != null && rows.get(i).target.equalsIgnoreCase(target)) {
                return i;
            }
        }
        return -1;
    }

    /** A description cut at a word before {@code 110} characters, with an ellipsis. */
    static String shortly(String description) {
        if (description == null || description.length() <= 110) {
            return description == null ? "" : description;
        }
        int cut = description.lastIndexOf(' ', 109);
        return description.substring(0, cut > 60 ? cut : 109).stripTrailing() + "…";
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    /** An entity mapping: its source entity ({@code schema.name}), SOURCE or REFERENCE, an optional name. */
    public record Source(String source, String mappingType, String name) {

        /** Sent without a type, a mapping is a SOURCE mapping, as a new one is. */
        public Source {
            mappingType = mappingType == null ? EntityMapping.SOURCE : mappingType;
        }

        static Source blank() {
            return new Source(null, null, null);
        }
    }

    /**
     * A target attribute: which mapping feeds it (its position, 0-based, as the text sent), from which
     * source attributes, how.
     */
    public record Row(String target, String datatype, String attributeType, String mapping, String sources,
                      String transformationType, String formula) {

        static Row of(AttributeJson a) {
            return new Row(a.name(), a.datatype(), a.attributeType(), null, null, null, null);
        }

        /** The row fed by mapping {@code position} from {@code sources}, with its formula kept. */
        Row fedBy(Object position, String from, String type) {
            return new Row(target, datatype, attributeType, position == null ? null : position.toString(), from, type, formula);
        }

        public boolean mapped() {
            return !blank(sources) || !blank(transformationType);
        }

        /** The mapping's position: 0 when none was sent, -1 (no mapping) when it is not a number ({@link #toMappings} says so). */
        int mappingIndex() {
            if (blank(mapping)) {
                return 0;
            }
            try {
                return Integer.parseInt(mapping.strip());
            } catch (NumberFormatException notANumber) {
                return -1;
            }
        }

        List<String> sourceList() {
            return blank(sources) ? List.of()
                    : Arrays.stream(sources.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
        }

        public boolean isCustom() {
            return transformationType != null && transformationType.strip().toUpperCase(Locale.ROOT).equals(AttributeMapping.CUSTOM);
        }
    }
}
