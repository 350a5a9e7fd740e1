package io.loadsmith.dialect;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A target SQL dialect after inheritance is applied: everything a parent declares and the
 * dialect does not override. {@code lineage} is the lookup order for templates and formulas:
 * the dialect itself, then its ancestors (the library's "default" variant comes after them).
 */
public record Dialect(
        String name,
        String label,
        boolean isAbstract,
        List<String> lineage,
        Map<String, Boolean> capabilities,
        Map<String, String> functions,
        Map<String, List<String>> datatypes,
        int maxIdentifierLength,
        Set<String> reservedWords) {

    public Dialect {
        lineage = List.copyOf(lineage);
        capabilities = Map.copyOf(capabilities);
        functions = Map.copyOf(functions);
        datatypes = Map.copyOf(datatypes);
        reservedWords = Set.copyOf(reservedWords);
    }

    public boolean supports(String capability) {
        return capabilities.getOrDefault(capability, false);
    }
}
