package io.loadsmith.load.api;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.loadsmith.exchange.Csv;
import io.loadsmith.limits.Limits;
import io.loadsmith.load.MappingRow;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.Violations;
import tools.jackson.databind.JsonNode;

/**
 * The commercial designer's mapping import files: CSV (a header row naming the columns in any
 * order; comma, semicolon or pipe between fields; UTF-8 with or without BOM) or a JSON list of
 * objects with the same keys. {@code source_attribute_names} is a comma-separated list (a JSON
 * list too). Every problem is named at its row and column; a column it does not know is refused.
 */
final class MappingImportFiles {

    static final int MAX_ROWS = 10_000;
    private static final List<String> REQUIRED = List.of("source_entity_schema", "source_entity_name",
            "target_entity_schema", "target_entity_name", "target_entity_load_name", "entity_mapping_name",
            "target_attribute_name");
    private static final List<String> OPTIONAL = List.of("source_attribute_names", "transformation_type",
            "transformation_formula");

    private MappingImportFiles() {
    }

    static List<MappingRow> csv(String text) {
        String body = text.startsWith("\uFEFF") ? text.substring(1) : text;
        String header = body.lines().findFirst().orElse("");
        char delimiter = header.contains(";") ? ';' : header.contains("|") ? '|' : ',';
        List<Csv.Line> lines;
        try {
            lines = Csv.parse(body, delimiter);
        } catch (Csv.UnclosedQuote e) {
            throw InvalidRequestException.of("line " + e.line, null, "the quote that opens on line " + e.line
                    + " is not closed; write a \" inside a quoted value as \"\"");
        }
        if (lines.isEmpty()) {
            throw InvalidRequestException.of("header", null, "the file is empty: give a header row, then one row per target attribute");
        }
        List<String> columns = lines.get(0).fields().stream().map(c -> c == null ? "" : c.strip().toLowerCase(Locale.ROOT)).toList();
        Violations violations = new Violations();
        checkColumns(violations, "header", columns);
        violations.throwIfAny();
        checkCount(lines.size() - 1);
        List<MappingRow> rows = new ArrayList<>();
        for (Csv.Line line : lines.subList(1, lines.size())) {
            String row = String.valueOf(line.number());
            if (line.fields().size() != columns.size()) {
                violations.add("rows[" + row + "]", null, "row " + row + " has " + line.fields().size()
                        + " fields, the header " + columns.size());
                continue;
            }
            Map<String, String> values = new LinkedHashMap<>();
            for (int i = 0; i < columns.size(); i++) {
                values.put(columns.get(i), line.fields().get(i));
            }
            rows.add(row(violations, row, values, split(values.get("source_attribute_names"))));
        }
        violations.throwIfAny();
        return rows;
    }

    static List<MappingRow> json(JsonNode root) {
        if (root == null || !root.isArray()) {
            throw InvalidRequestException.of("$", null, "is a JSON list of rows, each an object with the columns "
                    + String.join(", ", REQUIRED) + " and optionally " + String.join(", ", OPTIONAL));
        }
        checkCount(root.size());
        Violations violations = new Violations();
        List<MappingRow> rows = new ArrayList<>();
        for (int i = 0; i < root.size(); i++) {
            String row = "$[" + i + "]";
            JsonNode node = root.get(i);
            if (!node.isObject()) {
                violations.add(row, null, "row " + row + " must be an object");
                continue;
            }
            checkColumns(violations, row, node.propertyNames().stream().toList());
            Map<String, String> values = new LinkedHashMap<>();
            List<String> sources = new ArrayList<>();
            for (String column : node.propertyNames()) {
                JsonNode value = node.get(column);
                if (column.equals("source_attribute_names") && value.isArray()) {
                    value.forEach(v -> sources.add(v.asString(null)));
                } else if (value.isString() || value.isNull()) {
                    values.put(column, value.isNull() ? null : value.asString());
                } else {
                    violations.add(row + "." + column, value.toString(), "row " + row + ", column " + column
                            + ": must be a string");
                }
            }
            rows.add(row(violations, row, values, sources.isEmpty() ? split(values.get("source_attribute_names")) : sources));
        }
        violations.throwIfAny();
        return rows;
    }

    private static MappingRow row(Violations violations, String row, Map<String, String> values, List<String> sources) {
        for (String column : REQUIRED) {
            String value = values.get(column);
            if (value == null || value.isBlank()) {
                violations.add("rows[" + row + "]." + column, value, "row " + row + ", column " + column + ": is required");
            }
        }
        values.forEach((column, value) -> {
            int max = column.equals("transformation_formula") ? Limits.FORMULA_TEXT
                    : column.equals("source_attribute_names") ? Limits.MAPPINGS * (Limits.NAME + 1) : Limits.NAME;
            if (value != null && value.length() > max) {
                violations.add("rows[" + row + "]." + column, null, "row " + row + ", column " + column + ": has "
                        + value.length() + " characters; at most " + max);
            }
        });
        if (sources.size() > Limits.MAPPINGS) {
            violations.add("rows[" + row + "].source_attribute_names", null, "row " + row
                    + ", column source_attribute_names: names " + sources.size() + " attributes; at most " + Limits.MAPPINGS);
        }
        return new MappingRow(row, strip(values, "source_entity_schema"), strip(values, "source_entity_name"),
                strip(values, "target_entity_schema"), strip(values, "target_entity_name"),
                strip(values, "target_entity_load_name"), strip(values, "entity_mapping_name"),
                strip(values, "target_attribute_name"), sources, strip(values, "transformation_type"),
                values.get("transformation_formula"));
    }

    private static void checkColumns(Violations violations, String where, List<String> columns) {
        for (String column : columns) {
            if (!REQUIRED.contains(column) && !OPTIONAL.contains(column)) {
                violations.add(where + "." + column, column, where + ": '" + column + "' is not a column of the mapping"
                        + " import; its columns: " + String.join(", ", REQUIRED) + ", " + String.join(", ", OPTIONAL));
            }
        }
        if (where.equals("header")) {
            REQUIRED.stream().filter(c -> !columns.contains(c))
                    .forEach(c -> violations.add("header", c, "header: the column " + c + " is missing"));
        }
    }

    private static void checkCount(int rows) {
        if (rows > MAX_ROWS) {
            throw InvalidRequestException.of("rows", rows, "the file has " + rows + " rows; at most " + MAX_ROWS
                    + " are imported at once");
        }
    }

    private static List<String> split(String names) {
        return names == null ? List.of() : Arrays.stream(names.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }

    private static String strip(Map<String, String> values, String column) {
        String value = values.get(column);
        return value == null ? null : value.strip();
    }
}
