package io.loadsmith.generation.context;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.loadsmith.dialect.Dialect;
import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.LoadModel;

/**
 * The variables a template or formula sees: {@code model}, {@code loads}, {@code sql}, {@code fn},
 * {@code dialect}, {@code loadOpt}; a formula its attributes instead of {@code model}. Every name a
 * template can reach is put here, so this and the classes beside it are the whole template API.
 */
public final class TemplateData {

    private TemplateData() {
    }

    public static Map<String, Object> forTemplate(LoadModel load, Dialect dialect, LoadsFunctions.FormulaRenderer formulas) {
        Map<String, Object> data = common(load, dialect);
        data.put("model", Map.of("load", load, "targetDbName", dialect.name().toUpperCase(Locale.ROOT)));
        data.put("loads", new LoadsFunctions(load, formulas));
        data.put("sql", new SqlDirectives());
        return data;
    }

    /** With the target attribute a mapping feeds (null: none), as {@code attributeName} and {@code physicalDatatype}. */
    public static Map<String, Object> forFormula(LoadModel load, Dialect dialect, List<AttributeModel> attributes, String prefix,
                                          AttributeModel target) {
        Map<String, Object> data = common(load, dialect);
        data.put("sourceAttributes", attributes.stream().map(a -> new FormulaAttribute(a.name(), a.datatype(),
                a.dataLength(), a.dataPrecision(), a.dataScale(), a.attributeType(), a.physicalDatatype(),
                a.sqlName())).toList());
        data.put("prefix", prefix == null ? "" : prefix);
        data.put("physicalDatatype", target == null || target.physicalDatatype() == null ? "" : target.physicalDatatype());
        data.put("attributeName", target == null ? "" : target.name());
        data.put("keyAttributeList", List.of());
        data.put("sourceEntity", load.sources().isEmpty() ? load.target() : load.sources().get(0));
        return data;
    }

    private static Map<String, Object> common(LoadModel load, Dialect dialect) {
        Map<String, Object> data = new HashMap<>();
        data.put("fn", new DialectFunctions(dialect));
        data.put("dialect", Map.of("name", dialect.name(), "label", dialect.label(),
                "capabilities", dialect.capabilities()));
        data.put("loadOpt", (freemarker.template.TemplateMethodModelEx) args ->
                load.options().getOrDefault(String.valueOf(args.get(0)), ""));
        data.put("loadOptDefined", (freemarker.template.TemplateMethodModelEx) args ->
                load.options().containsKey(String.valueOf(args.get(0))));
        return data;
    }

}
