package io.loadsmith.generation.render;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import freemarker.core.ParseException;
import freemarker.core.TemplateElement;
import freemarker.core.TemplateObject;
import freemarker.template.Template;

/**
 * What one template element may do, bounded where it is written. The render guard stops a render
 * between elements ({@link RenderGuard}); so no single element may run without end or allocate
 * without bound, and these rules, checked on FreeMarker's parse tree of every text before it runs,
 * close each way it could:
 * <ul>
 * <li>FreeMarker's regular expressions ({@code ?matches}, the {@code r} flag of {@code ?replace},
 *     {@code ?split}, {@code ?keep_after} ...) are Java's, which backtrack: one call can run for
 *     ever. They are refused; {@code fn.regex_*} (context.RegexFunctions) run RE2/J, in linear time.
 *     Built-ins are not pluggable in FreeMarker, so refusing is the one way to be sure; the flags
 *     must be written as a string, so that no {@code r} arrives at run time.</li>
 * <li>A range whose length is not written ({@code 1..n}, {@code 1..}) may drive a {@code <#list>}
 *     (each round is an element) or slice a value ({@code s[0..n]}, bounded by the value), nothing
 *     else: {@code (1..n)?join}, {@code ?seq_index_of}, {@code ?filter} would loop inside one element.</li>
 * <li>{@code ?left_pad} and {@code ?right_pad} make a string as long as their width: it must be a
 *     number written in the template, at most {@value #MAX_PAD}.</li>
 * <li>{@code ?eval} and {@code ?interpret} run text made at run time, which no check sees before it runs.</li>
 * <li>Expressions nested more than {@value #MAX_EXPRESSION_DEPTH} deep (their evaluation recurses in Java).</li>
 * </ul>
 * Everything else a single element does is bounded by the sizes of the values it is given, which the
 * memory budget bounds.
 */
final class TemplateBounds {

    static final int MAX_PAD = 1000;
    static final int MAX_RANGE = 10_000;
    static final int MAX_EXPRESSION_DEPTH = 200;

    /** Built-ins whose last arguments are flags, and the index of the flags argument. */
    private static final Map<String, Integer> FLAGGED = Map.of("replace", 2, "split", 1, "keep_after", 1,
            "keep_after_last", 1, "keep_before", 1, "keep_before_last", 1, "ensure_starts_with", 2);
    private static final Set<String> PADS = Set.of("left_pad", "right_pad");
    private static final Map<String, String> REGEX_INSTEAD = Map.of("replace", "fn.regex_replace(text, pattern, replacement)",
            "split", "fn.regex_split(text, pattern)", "matches", "fn.regex_matches(text, pattern)");

    // FreeMarker's parse tree, read through its own package-private accessors (its post-processors use
    // them); resolved once, so a FreeMarker that changes them fails at start, not in a render.
    private static final Method PARAMETER_COUNT = method("getParameterCount");
    private static final Method PARAMETER_VALUE = method("getParameterValue", int.class);
    private static final Field STRING_VALUE = field("freemarker.core.StringLiteral", "value");

    private TemplateBounds() {
    }

    /** Walks the parse tree without recursion; the first rule broken is refused with its place. */
    static void check(Template template) throws ParseException {
        Deque<Node> nodes = new ArrayDeque<>();
        Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        nodes.push(new Node(template.getRootTreeNode(), null, 0));
        while (!nodes.isEmpty()) {
            Node node = nodes.pop();
            if (!seen.add(node.object)) {
                continue;
            }
            checkNode(node);
            if (node.object instanceof TemplateElement element) {
                for (int i = 0; i < element.getChildCount(); i++) {
                    nodes.push(new Node((TemplateObject) element.getChildAt(i), null, 0));
                }
            }
            for (Object value : parameters(node.object)) {
                if (value instanceof TemplateObject child) {
                    nodes.push(new Node(child, node, child instanceof TemplateElement ? 0 : node.depth + 1));
                } else if (value instanceof Collection<?> values) {
                    values.stream().filter(TemplateObject.class::isInstance)
                            .forEach(v -> nodes.push(new Node((TemplateObject) v, node, node.depth + 1)));
                }
            }
        }
    }

    private static void checkNode(Node node) throws ParseException {
        TemplateObject object = node.object;
        if (node.depth > MAX_EXPRESSION_DEPTH) {
            throw new ParseException("An expression is nested more than " + MAX_EXPRESSION_DEPTH + " deep.", object);
        }
        String kind = object.getClass().getSimpleName();
        if ("Range".equals(kind)) {
            checkRange(node);
        } else if (isBuiltIn(object)) {
            checkBuiltIn(node);
        }
    }

    private static boolean isBuiltIn(TemplateObject object) {
        for (Class<?> c = object.getClass(); c != null; c = c.getSuperclass()) {
            if ("freemarker.core.BuiltIn".equals(c.getName())) {
                return true;
            }
        }
        return false;
    }

    private static void checkRange(Node node) throws ParseException {
        Node child = node;
        Node parent = node.parent;
        while (parent != null && "ParentheticalExpression".equals(parent.kind())) {
            child = parent;
            parent = parent.parent;
        }
        if (parent != null && ("DynamicKeyName".equals(parent.kind())
                || "IteratorBlock".equals(parent.kind()) && parameters(parent.object).get(0) == child.object)) {
            return;
        }
        List<Object> ends = parameters(node.object);
        BigDecimal from = number(ends.get(0));
        BigDecimal to = ends.size() > 1 ? number(ends.get(1)) : null;
        if (from != null && to != null && to.subtract(from).abs().compareTo(BigDecimal.valueOf(MAX_RANGE)) < 0) {
            return;
        }
        String range = node.object.getCanonicalForm();
        throw new ParseException("The range " + range + " may only be listed by <#list> (or slice a value, as in"
                + " name[0..n]): given to a built-in or kept in a variable it could hold billions of items, which no"
                + " render could stop inside one step. Write <#list " + range + " as i>...</#list>, or a range of fewer"
                + " than " + MAX_RANGE + " items with both ends written as numbers.", node.object);
    }

    private static void checkBuiltIn(Node node) throws ParseException {
        String written = (String) parameters(node.object).get(1);
        String name = snakeCase(written);
        if (name.equals("eval") || name.equals("interpret")) {
            throw new ParseException("?" + written + " runs text made at run time, which cannot be checked before it"
                    + " runs; it is not available in templates.", node.object);
        }
        if (name.equals("matches") || name.equals("groups")) {
            throw new ParseException("?" + written + " uses Java's regular expressions, which can backtrack for ever;"
                    + " use " + REGEX_INSTEAD.get("matches") + " instead (RE2 syntax, linear time).", node.object);
        }
        boolean flagged = FLAGGED.containsKey(name);
        if (!flagged && !PADS.contains(name)) {
            return;
        }
        Node call = node.parent;
        if (call == null || !"MethodCall".equals(call.kind()) || parameters(call.object).get(0) != node.object) {
            throw new ParseException("?" + written + " must be called where it is named, as in x?" + written + "(...),"
                    + " so that its arguments can be checked.", node.object);
        }
        List<Object> arguments = parameters(call.object).subList(1, parameters(call.object).size());
        if (flagged) {
            checkFlags(written, name, arguments, call.object);
        } else {
            BigDecimal width = arguments.isEmpty() ? null : number(arguments.get(0));
            if (width == null || width.compareTo(BigDecimal.valueOf(MAX_PAD)) > 0) {
                throw new ParseException("?" + written + " makes a string as long as its width: write the width as a"
                        + " number in the template, at most " + MAX_PAD + ".", call.object);
            }
        }
    }

    private static void checkFlags(String written, String name, List<Object> arguments, TemplateObject call)
            throws ParseException {
        int at = FLAGGED.get(name);
        if (arguments.size() <= at) {
            return;
        }
        Object flags = arguments.get(at);
        String literal = string(flags);
        if (literal == null) {
            throw new ParseException("The flags of ?" + written + " must be written in the template as a string"
                    + " (\"i\", \"f\", \"c\"...), so that no regular expression is chosen at run time.", call);
        }
        if (literal.indexOf('r') >= 0) {
            throw new ParseException("?" + written + " with the \"r\" flag uses Java's regular expressions, which can"
                    + " backtrack for ever; " + (REGEX_INSTEAD.containsKey(name) ? "use " + REGEX_INSTEAD.get(name)
                    + " instead (RE2 syntax, linear time)." : "use fn.regex_replace or fn.regex_split (RE2 syntax, linear time)."),
                    call);
        }
    }

    private static String snakeCase(String name) {
        StringBuilder out = new StringBuilder();
        for (char c : name.toCharArray()) {
            if (Character.isUpperCase(c)) {
                out.append('_').append(Character.toLowerCase(c));
            } else {
                out.append(c);
            }
        }
        return out.toString().toLowerCase(Locale.ROOT);
    }

    /** A number written in the template (maybe negative, maybe in parentheses); null for anything computed. */
    private static BigDecimal number(Object expression) {
        if (!(expression instanceof TemplateObject object)) {
            return null;
        }
        String kind = object.getClass().getSimpleName();
        if ("ParentheticalExpression".equals(kind)) {
            return number(parameters(object).get(0));
        }
        if ("NumberLiteral".equals(kind)) {
            return new BigDecimal(object.getCanonicalForm());
        }
        if ("UnaryPlusMinusExpression".equals(kind)) {
            BigDecimal inner = number(parameters(object).get(0));
            return inner == null ? null : object.getCanonicalForm().startsWith("-") ? inner.negate() : inner;
        }
        return null;
    }

    /** A string written in the template without interpolations; null for anything else. */
    private static String string(Object expression) {
        if (expression instanceof TemplateObject object && "StringLiteral".equals(object.getClass().getSimpleName())
                && parameters(object).isEmpty()) {
            try {
                return (String) STRING_VALUE.get(object);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
        return null;
    }

    private static List<Object> parameters(TemplateObject object) {
        try {
            int count = (int) PARAMETER_COUNT.invoke(object);
            List<Object> values = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                values.add(PARAMETER_VALUE.invoke(object, i));
            }
            return values;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("FreeMarker's parse tree could not be read: check TemplateBounds", e);
        }
    }

    private static Method method(String name, Class<?>... types) {
        try {
            Method method = TemplateObject.class.getDeclaredMethod(name, types);
            method.setAccessible(true);
            return method;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("FreeMarker's TemplateObject has no " + name + ": check TemplateBounds", e);
        }
    }

    private static Field field(String type, String name) {
        try {
            Field field = Class.forName(type).getDeclaredField(name);
            field.setAccessible(true);
            return field;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("FreeMarker has no " + type + "." + name + ": check TemplateBounds", e);
        }
    }

    private record Node(TemplateObject object, Node parent, int depth) {
        String kind() {
            return object.getClass().getSimpleName();
        }
    }
}
