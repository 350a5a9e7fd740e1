package io.loadsmith.load;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.loadsmith.load.LoadRequest;
import io.loadsmith.load.LoadResponse;
import io.loadsmith.names.Names;
import io.loadsmith.problem.FieldProblem;
import io.loadsmith.problem.InvalidRequestException;

/**
 * Bulk mapping import, all or nothing: the rows are grouped by load (created with its target when
 * it does not exist) and, within a load, by entity mapping (its name and source entity), in the
 * order they come. A mapping of that name replaces the load's mapping of the same name; the load's
 * other mappings stay. Every problem is reported at its row and column, the load's own rules
 * included (see MappingRules), and then nothing is written.
 */
@Service
@Transactional
public class MappingImport {

    /** What an import did: its rows, and the loads it created and changed. */
    public record Result(int rows, List<String> createdLoads, List<String> changedLoads) {
    }

    private static final Pattern FIELD = Pattern.compile("mappings\\[(\\d+)](?:\\.attributes\\[(\\d+)])?\\.?([A-Za-z]*)");
    /** The column of a refusal of a mapping's field, and of the load's own fields. */
    private static final Map<String, String> COLUMNS = Map.of("source", "source_entity_name", "target",
            "target_attribute_name", "sources", "source_attribute_names", "transformationType", "transformation_type",
            "formula", "transformation_formula", "mappingType", "entity_mapping_name", "name", "entity_mapping_name");
    private static final Map<String, String> LOAD_COLUMNS = Map.of("name", "target_entity_load_name",
            "target", "target_entity_name");

    private final LoadService loads;
    private final LoadRepository repository;

    MappingImport(LoadService loads, LoadRepository repository) {
        this.loads = loads;
        this.repository = repository;
    }

    public Result apply(List<MappingRow> rows) {
        List<FieldProblem> problems = new ArrayList<>();
        Map<String, List<MappingRow>> byLoad = new LinkedHashMap<>();
        rows.forEach(r -> byLoad.computeIfAbsent(Names.key(r.targetEntityLoadName()), k -> new ArrayList<>()).add(r));
        List<String> created = new ArrayList<>();
        List<String> changed = new ArrayList<>();
        for (List<MappingRow> loadRows : byLoad.values()) {
            MappingRow first = loadRows.get(0);
            List<MappingRow> wrongTarget = loadRows.stream().filter(r -> !Names.same(r.target(), first.target())).toList();
            wrongTarget.forEach(r -> problems.add(problem(r, "target_entity_name", r.target(), "load '"
                    + first.targetEntityLoadName() + "' targets " + first.target() + " in row " + first.row()
                    + "; a load has one target")));
            if (wrongTarget.isEmpty()) {
                apply(first, loadRows, created, changed, problems);
            }
        }
        if (!problems.isEmpty()) {
            throw new InvalidRequestException(problems, Map.of());
        }
        return new Result(rows.size(), created, changed);
    }

    private void apply(MappingRow first, List<MappingRow> rows, List<String> created, List<String> changed,
                       List<FieldProblem> problems) {
        Load existing = repository.findByNameIgnoreCase(first.targetEntityLoadName()).stream().findFirst().orElse(null);
        if (existing != null && !Names.same(existing.getTarget().qualifiedName(), first.target())) {
            rows.forEach(r -> problems.add(problem(r, "target_entity_name", r.target(), "load '" + existing.getName()
                    + "' exists and targets " + existing.getTarget().qualifiedName())));
            return;
        }
        List<EntityMapping> mappings = new ArrayList<>(existing == null ? List.of() : existing.getMappings());
        // Rows of each mapping index and, within it, of each attribute index: for the load's refusals.
        Map<Integer, List<MappingRow>> rowsOf = new LinkedHashMap<>();
        Map<String, List<MappingRow>> byMapping = new LinkedHashMap<>();
        rows.forEach(r -> byMapping.computeIfAbsent(Names.key(r.entityMappingName()) + "\n" + Names.key(r.source()),
                k -> new ArrayList<>()).add(r));
        for (List<MappingRow> mappingRows : byMapping.values()) {
            MappingRow head = mappingRows.get(0);
            EntityMapping mapping = new EntityMapping(head.source(), EntityMapping.SOURCE, head.entityMappingName(),
                    mappingRows.stream().map(r -> new AttributeMapping(r.targetAttributeName(), r.sourceAttributeNames(),
                            r.transformationType(), r.transformationFormula())).toList());
            int at = indexOfName(mappings, head.entityMappingName());
            if (at < 0) {
                mappings.add(mapping);
                at = mappings.size() - 1;
            } else {
                mappings.set(at, mapping);
            }
            rowsOf.put(at, mappingRows);
        }
        try {
            if (existing == null) {
                LoadResponse made = loads.create(new LoadRequest(null, first.targetEntityLoadName(), first.target(), null,
                        null, List.of(), List.of(), Map.of(), mappings));
                created.add(made.name());
            } else {
                loads.replaceMappings(existing.getId(), existing.getVersion(), mappings);
                changed.add(existing.getName());
            }
        } catch (InvalidRequestException e) {
            e.errors().forEach(p -> problems.addAll(atRows(p, first, rowsOf)));
        }
    }

    /** A refusal of the load at the rows (and column) it comes from; one of a kept mapping at the load's first row. */
    private static List<FieldProblem> atRows(FieldProblem p, MappingRow first, Map<Integer, List<MappingRow>> rowsOf) {
        Matcher m = p.field() == null ? null : FIELD.matcher(p.field());
        if (m == null || !m.lookingAt() || !rowsOf.containsKey(Integer.parseInt(m.group(1)))) {
            String column = p.field() == null ? "target_entity_load_name" : LOAD_COLUMNS.getOrDefault(
                    p.field().replaceAll("\\[.*", ""), "target_entity_load_name");
            return List.of(problem(first, column, p.value(), p.message()));
        }
        List<MappingRow> rows = rowsOf.get(Integer.parseInt(m.group(1)));
        List<MappingRow> at = m.group(2) == null ? List.of(rows.get(0)) : List.of(rows.get(Integer.parseInt(m.group(2))));
        String column = COLUMNS.getOrDefault(m.group(3), "target_attribute_name");
        return at.stream().map(r -> problem(r, column, p.value(), p.message())).toList();
    }

    private static int indexOfName(List<EntityMapping> mappings, String name) {
        for (int i = 0; i < mappings.size(); i++) {
            if (mappings.get(i).name() != null && Names.same(mappings.get(i).name(), name)) {
                return i;
            }
        }
        return -1;
    }

    private static FieldProblem problem(MappingRow row, String column, String value, String message) {
        return new FieldProblem("rows[" + row.row() + "]." + column, value, "row " + row.row() + ", column " + column
                + ": " + message);
    }
}
