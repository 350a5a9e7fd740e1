package io.loadsmith.exchange;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.loadsmith.exchange.InvalidPackageException.Problem;
import tools.jackson.databind.JsonNode;

/**
 * Every field a package names that its object does not have, each at its JSON path, in the order of
 * the file, so that one answer lists them all (Jackson stops at the first, and a typo repeated across
 * a hand-edited file would take one import per field). Walks the tree beside the document's records,
 * whose component names are their JSON names; a value of the wrong kind is left to the binding,
 * which names it.
 */
final class UnknownFields {

    /** Each record's components by JSON name, in declaration order; computed once per record class. */
    private static final ClassValue<Map<String, RecordComponent>> FIELDS = new ClassValue<>() {
        @Override
        protected Map<String, RecordComponent> computeValue(Class<?> type) {
            Map<String, RecordComponent> fields = new LinkedHashMap<>();
            for (RecordComponent component : type.getRecordComponents()) {
                fields.put(component.getName(), component);
            }
            return fields;
        }
    };

    private UnknownFields() {
    }

    static List<Problem> in(JsonNode tree) {
        List<Problem> found = new ArrayList<>();
        walk(tree, PackageDocument.class, "$", found);
        return found;
    }

    private static void walk(JsonNode node, Type type, String path, List<Problem> found) {
        if (type instanceof Class<?> c && c.isRecord() && node.isObject()) {
            Map<String, RecordComponent> fields = FIELDS.get(c);
            for (var field : node.properties()) {
                RecordComponent component = fields.get(field.getKey());
                if (component == null) {
                    found.add(JsonReadProblems.unknownField(path + "." + field.getKey(), List.copyOf(fields.keySet())));
                } else {
                    walk(field.getValue(), component.getGenericType(), path + "." + field.getKey(), found);
                }
            }
        } else if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> raw) {
            Type[] args = p.getActualTypeArguments();
            if (Collection.class.isAssignableFrom(raw) && node.isArray()) {
                for (int i = 0; i < node.size(); i++) {
                    walk(node.get(i), args[0], path + "[" + i + "]", found);
                }
            } else if (Map.class.isAssignableFrom(raw) && node.isObject()) {
                for (var entry : node.properties()) {
                    walk(entry.getValue(), args[1], path + "." + entry.getKey(), found);
                }
            }
        }
    }
}
