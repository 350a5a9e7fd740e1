package io.loadsmith.load.web;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import io.loadsmith.entity.AttributeJson;
import io.loadsmith.entity.EntityResponse;
import io.loadsmith.load.AttributeMapping;
import io.loadsmith.load.EntityMapping;
import io.loadsmith.web.FormErrors;

/**
 * The load page's mapping editor, part of the load form: the entity mappings (source entity, type)
 * and one row per target attribute (which mapping feeds it, its source attributes comma-separated in
 * order, its transformation type, the formula of CUSTOM). Only when {@code edited} is sent does a save
 * replace the stored mappings; a form without the editor keeps them. A row without sources and type
 * is unmapped. The request is built in row order, so a refusal at {@code mappings[i].attributes[j]}
 * is found back at its row ({@link #rowErrors}).
 */
public class MappingEditor {

    private boolean edited;
    private List<Source> mappings = new ArrayList<>();
    private List<Row> rows = new ArrayList<>();
    private String into;

    /** The stored mappings laid out over the target's attributes (mapped targets the target lacks are kept as rows too). */
    static MappingEditor of(List<EntityMapping> stored, Optional<EntityResponse> target) {
        MappingEditor editor = new MappingEditor();
        List<EntityMapping> given = stored == null ? List.of() : stored;
        for (EntityMapping m : given) {
            Source s = new Source();
            s.source = m.source();
            s.mappingType = m.mappingType();
            s.name = m.name();
            editor.mappings.add(s);
        }
        if (given.isEmpty()) {
            // A first source entity to choose at once: choose it, Map by name, Save.
            editor.addMapping();
        }
        target.ifPresent(t -> t.attributes().forEach(a -> editor.rows.add(Row.of(a))));
        for (int i = 0; i < given.size(); i++) {
            for (AttributeMapping a : given.get(i).attributes()) {
                Row row = editor.row(a.target()).orElseGet(() -> {
                    Row added = new Row();
                    added.target = a.target();
                    editor.rows.add(added);
                    return added;
                });
                row.mapping = i;
                row.sources = String.join(", ", a.sources());
                row.transformationType = a.transformationType();
                row.formula = a.formula();
            }
        }
        return editor;
    }

    /** The mappings to save, in position order; rows in table order under their mapping. */
    List<EntityMapping> toMappings() {
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

    /** Map by name: every unmapped target attribute fed by the source attribute of its name (ignoring case), by the first mapping that has one. */
    int mapByName(List<EntityResponse> entities) {
        int mapped = 0;
        for (Row r : rows) {
            if (r.mapped()) {
                continue;
            }
            for (int i = 0; i < mappings.size(); i++) {
                Optional<String> same = attributesOf(mappings.get(i).source, entities).stream()
                        .filter(n -> n.equalsIgnoreCase(r.target)).findFirst();
                if (same.isPresent()) {
                    r.mapping = i;
                    r.sources = same.get();
                    r.transformationType = null;
                    mapped++;
                    break;
                }
            }
        }
        return mapped;
    }

    /**
     * Mapping {@code index} reads another source entity now: its rows keep only the source attributes
     * that entity has (a row left with neither sources nor type is unmapped again), so map by name
     * fills them afresh, and passing over entities in the list leaves nothing of them behind.
     */
    void sourceChosen(int index, List<EntityResponse> entities) {
        if (index < 0 || index >= mappings.size()) {
            return;
        }
        List<String> has = attributesOf(mappings.get(index).source, entities);
        for (Row r : rows) {
            if (r.mapped() && r.mappingIndex() == index) {
                List<String> kept = r.sourceList().stream().filter(n -> has.stream().anyMatch(n::equalsIgnoreCase)).toList();
                r.sources = String.join(", ", kept);
            }
        }
    }

    /** Source attributes of the mappings with no target attribute of their name (first by name, ignoring case). */
    List<AttributeJson> unmatchedSources(List<EntityResponse> entities) {
        Map<String, AttributeJson> found = new LinkedHashMap<>();
        for (Source s : mappings) {
            for (AttributeJson a : sourceEntity(s.source, entities).map(EntityResponse::attributes).orElse(List.of())) {
                if (row(a.name()).isEmpty()) {
                    found.putIfAbsent(a.name().toLowerCase(Locale.ROOT), a);
                }
            }
        }
        return List.copyOf(found.values());
    }

    /** Rows for target attributes just added to the target, after its others. */
    void addRows(List<AttributeJson> added) {
        added.forEach(a -> rows.add(Row.of(a)));
    }

    /**
     * Map all into one: the chosen target attribute is fed by every source attribute the other rows of
     * its mapping copy into payload attributes (no attribute type: not a key, load time or record
     * source), in table order.
     */
    boolean mapAllInto() {
        Optional<Row> chosen = row(into);
        if (chosen.isEmpty()) {
            return false;
        }
        Row target = chosen.get();
        int mapping = target.mapped() ? target.mappingIndex() : 0;
        LinkedHashSet<String> payload = new LinkedHashSet<>();
        for (Row r : rows) {
            if (r != target && r.mapped() && r.mappingIndex() == mapping && blank(r.transformationType) && blank(r.attributeType)) {
                payload.addAll(r.sourceList());
            }
        }
        target.mapping = mapping;
        target.sources = String.join(", ", payload);
        return true;
    }

    void addMapping() {
        Source s = new Source();
        s.mappingType = EntityMapping.SOURCE;
        mappings.add(s);
    }

    void removeMapping(int index) {
        if (index < 0 || index >= mappings.size()) {
            return;
        }
        mappings.remove(index);
        for (Row r : rows) {
            if (r.mapped() && r.mappingIndex() == index) {
                r.sources = null;
                r.transformationType = null;
                r.formula = null;
                r.mapping = null;
            } else if (r.mapping != null && r.mapping > index) {
                r.mapping = r.mapping - 1;
            }
        }
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

    private Optional<Row> row(String target) {
        return target == null ? Optional.empty() : rows.stream().filter(r -> r.target.equalsIgnoreCase(target)).findFirst();
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
    public static class Source {
        private String source;
        private String mappingType = EntityMapping.SOURCE;
        private String name;

        public String getSource() { return source; }
        public void setSource(String source) { this.source = source; }
        public String getMappingType() { return mappingType; }
        public void setMappingType(String mappingType) { this.mappingType = mappingType; }
        public String getName() { return name; }
        public void setName(String name) { this.name = name; }
    }

    /** A target attribute: which mapping feeds it (0-based), from which source attributes, how. */
    public static class Row {
        private String target;
        private String datatype;
        private String attributeType;
        private Integer mapping;
        private String sources;
        private String transformationType;
        private String formula;

        static Row of(AttributeJson a) {
            Row row = new Row();
            row.target = a.name();
            row.datatype = a.datatype();
            row.attributeType = a.attributeType();
            return row;
        }

        public boolean mapped() {
            return !blank(sources) || !blank(transformationType);
        }

        int mappingIndex() {
            return mapping == null ? 0 : mapping;
        }

        List<String> sourceList() {
            return blank(sources) ? List.of()
                    : Arrays.stream(sources.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
        }

        public boolean isCustom() {
            return transformationType != null && transformationType.strip().toUpperCase(Locale.ROOT).equals(AttributeMapping.CUSTOM);
        }

        public String getTarget() { return target; }
        public void setTarget(String target) { this.target = target; }
        public String getDatatype() { return datatype; }
        public void setDatatype(String datatype) { this.datatype = datatype; }
        public String getAttributeType() { return attributeType; }
        public void setAttributeType(String attributeType) { this.attributeType = attributeType; }
        public Integer getMapping() { return mapping; }
        public void setMapping(Integer mapping) { this.mapping = mapping; }
        public String getSources() { return sources; }
        public void setSources(String sources) { this.sources = sources; }
        public String getTransformationType() { return transformationType; }
        public void setTransformationType(String transformationType) { this.transformationType = transformationType; }
        public String getFormula() { return formula; }
        public void setFormula(String formula) { this.formula = formula; }
    }

    public boolean isEdited() { return edited; }
    public void setEdited(boolean edited) { this.edited = edited; }
    public List<Source> getMappings() { return mappings; }
    public void setMappings(List<Source> mappings) { this.mappings = mappings; }
    public List<Row> getRows() { return rows; }
    public void setRows(List<Row> rows) { this.rows = rows; }
    public String getInto() { return into; }
    public void setInto(String into) { this.into = into; }
}
