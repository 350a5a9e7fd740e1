package io.loadsmith.generation.call;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

import io.loadsmith.dialect.Dialect;
import io.loadsmith.dialect.Identifiers;
import io.loadsmith.generation.catalog.ParameterDefinition;
import io.loadsmith.generation.catalog.ParameterType;

/**
 * Checks or escapes one parameter value for its kind ({@link ParameterType}) and the dialect, before
 * a template sees it: names must be names, words words, numbers numbers, and TEXT arrives as a
 * complete string literal, so no value can leave its place in the SQL. Without a dialect (the check
 * when a load is saved) only what holds for every dialect is checked, placeholders stand for names,
 * and TEXT stays text.
 */
public final class ParameterKinds {

    static final int MAX_WORD = 256;
    private static final Pattern WORD = Pattern.compile("[A-Za-z0-9_.]*");
    private static final Pattern PLACEHOLDER = Pattern.compile("<[A-Za-z_][A-Za-z0-9_]*>");
    private static final int MAX_NAME_PARTS = 3;

    private ParameterKinds() {
    }

    /**
     * The value the template gets, or null when a name was left empty (then the parameter counts as
     * not given).
     *
     * @param dialect      null when no dialect is known yet
     * @param placeholders the known placeholders and their values, or null with no dialect
     * @throws IllegalArgumentException saying which parameter, its kind and what is wrong
     */
    static Object convert(ParameterDefinition parameter, String raw, Dialect dialect, Map<String, String> placeholders) {
        Object value = byKind(parameter, raw, dialect, placeholders);
        if (!parameter.values().isEmpty()) {
            for (Object item : value instanceof List<?> list ? list : Collections.singletonList(value)) {
                if (item != null && !parameter.values().contains(String.valueOf(item))) {
                    throw new IllegalArgumentException("parameter '" + parameter.name() + "' is one of "
                            + String.join(", ", parameter.values()) + ", not " + shown(String.valueOf(item)));
                }
            }
        }
        return value;
    }

    private static Object byKind(ParameterDefinition parameter, String raw, Dialect dialect, Map<String, String> placeholders) {
        String name = parameter.name();
        return switch (parameter.type()) {
            case STRING -> word(name, substitute(raw, dialect, placeholders));
            case LIST -> items(substitute(raw, dialect, placeholders)).stream().map(item -> word(name, item)).toList();
            case BOOLEAN -> switch (raw.trim().toLowerCase(Locale.ROOT)) {
                case "true" -> Boolean.TRUE;
                case "false" -> Boolean.FALSE;
                default -> throw new IllegalArgumentException("parameter '" + name
                        + "' is BOOLEAN: give true or false, not " + shown(raw));
            };
            case INTEGER -> {
                try {
                    yield Long.parseLong(raw.trim());
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("parameter '" + name + "' is INTEGER: " + shown(raw)
                            + " is not a whole number");
                }
            }
            case IDENTIFIER -> {
                String value = substitute(raw, dialect, placeholders).trim();
                yield value.isEmpty() ? null : identifier(name, value, dialect);
            }
            case IDENTIFIER_LIST -> {
                List<String> list = items(substitute(raw, dialect, placeholders));
                yield list.equals(List.of("*")) ? list : list.stream().map(item -> identifier(name, item, dialect)).toList();
            }
            case TEXT -> text(name, substitute(raw, dialect, placeholders), dialect);
            case TEXT_LIST -> items(substitute(raw, dialect, placeholders)).stream()
                    .map(item -> text(name, item, dialect)).toList();
            case SQL -> raw;
        };
    }

    /** Whether a default value fits its kind in every dialect (checked when a template is saved). */
    public static boolean fits(ParameterType type, String value) {
        try {
            convert(new ParameterDefinition("default", type, false, null, ""), value, null, null);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static List<String> items(String raw) {
        return raw.isBlank() ? List.of()
                : Arrays.stream(raw.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }

    private static String substitute(String raw, Dialect dialect, Map<String, String> placeholders) {
        if (dialect == null) {
            // Saved before any dialect or environment is chosen: a placeholder stands for a name.
            return PLACEHOLDER.matcher(raw).replaceAll("x");
        }
        return Placeholders.apply(raw, placeholders);
    }

    private static String word(String name, String value) {
        if (value.length() > MAX_WORD || !WORD.matcher(value).matches()) {
            throw new IllegalArgumentException("parameter '" + name + "' is STRING, a word of letters, digits, _ and . "
                    + "(at most " + MAX_WORD + " characters), which " + shown(value) + " is not; a template that needs "
                    + "free text declares the parameter TEXT, code SQL, a name IDENTIFIER");
        }
        return value;
    }

    private static String identifier(String name, String value, Dialect dialect) {
        String kind = "parameter '" + name + "' is IDENTIFIER (a name, or schema.name): ";
        String[] parts = value.split("\\.", -1);
        if (parts.length > MAX_NAME_PARTS) {
            throw new IllegalArgumentException(kind + shown(value) + " has more than " + MAX_NAME_PARTS + " parts");
        }
        List<String> problems = new ArrayList<>();
        for (String part : parts) {
            if (!Identifiers.isValid(part)) {
                problems.add(shown(part) + " is not a name: use letters, digits and _, not starting with a digit, at most "
                        + Identifiers.MAX_LENGTH + " characters"
                        + (parts.length > 1 ? ", and . only between schema and name" : ""));
            } else if (dialect != null && part.length() > dialect.maxIdentifierLength()) {
                problems.add(shown(part) + " is " + part.length() + " characters; " + dialect.label()
                        + " allows at most " + dialect.maxIdentifierLength());
            } else if (dialect != null && dialect.reservedWords().contains(part.toUpperCase(Locale.ROOT))) {
                problems.add(shown(part) + " is a reserved word in " + dialect.label());
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(kind + (parts.length > 1 ? "in " + shown(value) + ", " : "")
                    + String.join("; ", problems));
        }
        return value;
    }

    private static String text(String name, String value, Dialect dialect) {
        if (value.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("parameter '" + name + "' is TEXT: it contains a NUL character, "
                    + "which no target keeps in a string");
        }
        return dialect == null ? value : dialect.literal(value);
    }

    /** A value as a message shows it: quoted, on one line, cut after 60 characters. */
    public static String shown(String value) {
        String line = SqlComments.text(value);
        return "'" + (line.length() > 60 ? line.substring(0, 60) + "…" : line) + "'";
    }
}
