package io.loadsmith.exchange;

import java.math.BigInteger;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import io.loadsmith.exchange.InvalidPackageException.Problem;
import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.InputCoercionException;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.exc.UnexpectedEndOfInputException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;

/**
 * Turns what Jackson reports about a package into the package's own terms: where (the JSON path,
 * or line and column when the text is not JSON), what was expected and what was found. Jackson's
 * own messages are never passed on: they name Java types ({@code java.util.ArrayList},
 * {@code PackageDocument$EntityDoc}), which mean nothing to the person who wrote the JSON.
 */
final class JsonReadProblems {

    private JsonReadProblems() {
    }

    /** A problem of the text itself (not JSON, too deep, too long), found before any value is bound. */
    static Problem syntax(JacksonException e, int maxDepth) {
        String where = "$ (" + at(e.getLocation()) + ")";
        String original = String.valueOf(e.getOriginalMessage());
        if (e instanceof StreamConstraintsException) {
            if (original.contains("nesting depth")) {
                return new Problem(where, "the JSON is nested deeper than " + maxDepth + " levels");
            }
            if (original.contains("Number value length")) {
                return new Problem(where, "a number has more digits than any field of a package can hold");
            }
            return new Problem(where, "a text, name or number is longer than a package may hold");
        }
        if (e instanceof UnexpectedEndOfInputException) {
            return new Problem(where, "the JSON ends early: an object, list or text is not closed (was the file cut short?)");
        }
        return new Problem(where, "this is not valid JSON here (a missing comma, quote or bracket, or text outside quotes?)");
    }

    /** A value of the wrong kind, an unknown field, a number out of range: at its JSON path. */
    static Problem binding(JacksonException e, JsonNode root) {
        String path = path(e.getPath());
        JsonNode found = at(root, e.getPath());
        if (e instanceof UnrecognizedPropertyException u) {
            return unknownField(path, u.getKnownPropertyIds());
        }
        if (e instanceof InputCoercionException || isWholeNumber(e) && found != null && found.isNumber()) {
            return new Problem(path, "expected a whole number from " + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE
                    + ", found " + describe(found));
        }
        if (e instanceof MismatchedInputException m && m.getTargetType() != null) {
            return new Problem(path, "expected " + expected(m.getTargetType()) + ", found " + describe(found));
        }
        return new Problem(path, "this value cannot be read here, found " + describe(found));
    }

    /** A field the object does not have; {@link UnknownFields} finds them all in one read. */
    static Problem unknownField(String path, Collection<?> knownIds) {
        return new Problem(path, "is not a known field; the fields here are " + known(knownIds));
    }

    private static boolean isWholeNumber(JacksonException e) {
        return e instanceof MismatchedInputException m && m.getTargetType() != null
                && (m.getTargetType() == Integer.class || m.getTargetType() == int.class
                || m.getTargetType() == Long.class || m.getTargetType() == long.class);
    }

    /** What a field of the given type holds, as the person writing the JSON would say it. */
    static String expected(Class<?> type) {
        if (type == String.class) {
            return "a text in double quotes";
        }
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class
                || type == BigInteger.class) {
            return "a whole number";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "a list in [ ]";
        }
        if (Map.class.isAssignableFrom(type)) {
            return "an object of names and texts in { }";
        }
        return "an object in { }";
    }

    /** What the JSON has at a place, briefly. */
    static String describe(JsonNode node) {
        if (node == null || node.isMissingNode()) {
            return "nothing";
        }
        if (node.isNull()) {
            return "null";
        }
        if (node.isObject()) {
            return "an object";
        }
        if (node.isArray()) {
            return "a list";
        }
        if (node.isBoolean()) {
            return node.asBoolean() ? "true" : "false";
        }
        if (node.isNumber()) {
            String number = node.toString();
            return "the number " + (number.length() > 40 ? number.substring(0, 20) + "… (" + number.length() + " characters)" : number);
        }
        String text = node.asString();
        return "the text \"" + (text.length() > 40 ? text.substring(0, 40) + "…" : text) + "\"";
    }

    private static String known(Collection<?> ids) {
        if (ids == null || ids.isEmpty()) {
            return "none";
        }
        return ids.stream().map(String::valueOf).sorted().collect(Collectors.joining(", "));
    }

    static String path(List<JacksonException.Reference> references) {
        StringBuilder path = new StringBuilder("$");
        for (JacksonException.Reference ref : references) {
            if (ref.getPropertyName() != null) {
                path.append('.').append(ref.getPropertyName());
            } else if (ref.getIndex() >= 0) {
                path.append('[').append(ref.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    private static JsonNode at(JsonNode root, List<JacksonException.Reference> references) {
        JsonNode node = root;
        for (JacksonException.Reference ref : references) {
            if (node == null) {
                return null;
            }
            node = ref.getPropertyName() != null ? node.get(ref.getPropertyName())
                    : ref.getIndex() >= 0 ? node.get(ref.getIndex()) : node;
        }
        return node;
    }

    private static String at(TokenStreamLocation location) {
        if (location == null || location.getLineNr() < 0) {
            return "position unknown";
        }
        return "line " + location.getLineNr() + ", column " + location.getColumnNr();
    }
}
