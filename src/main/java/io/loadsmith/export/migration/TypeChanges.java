package io.loadsmith.export.migration;

import java.util.Map;
import java.util.Objects;
import java.util.Set;

import io.loadsmith.exchange.PackageDocument.AttributeDoc;

/**
 * Whether a column's logical type change keeps every value (widen) or may lose or refuse some
 * (narrow), from the logical datatypes of the model, never a dialect's. A conversion that no
 * engine makes (BOOLEAN → DATE) cannot be migrated in place: the reason says so.
 */
final class TypeChanges {

    enum Direction { SAME, WIDEN, NARROW, IMPOSSIBLE }

    /** The outcome; {@code typeChanged} / {@code nullabilityChanged} say which parts changed. */
    record Outcome(Direction direction, boolean typeChanged, boolean nullabilityChanged, String reason) {
    }

    private static final Set<String> TEXT = Set.of("CHAR", "VARCHAR", "JSON", "ARRAY", "GEOGRAPHY");
    /** Decimal digits each integer type holds. */
    private static final Map<String, Integer> INTEGER_DIGITS = Map.of("INTEGER1", 3, "INTEGER2", 5, "INTEGER4", 10,
            "INTEGER8", 19);
    /** The characters a value of a non-text type needs as text. */
    private static final Map<String, Integer> TEXT_WIDTH = Map.of("INTEGER1", 4, "INTEGER2", 6, "INTEGER4", 11,
            "INTEGER8", 20, "FLOAT4", 24, "FLOAT8", 24, "BOOLEAN", 5, "DATE", 10, "TIMESTAMP", 26, "TIMESTAMP_TZ", 32);

    private TypeChanges() {
    }

    static Outcome compare(AttributeDoc before, AttributeDoc after) {
        boolean typeChanged = !Objects.equals(before.datatype(), after.datatype())
                || !Objects.equals(before.dataLength(), after.dataLength())
                || !Objects.equals(before.dataPrecision(), after.dataPrecision())
                || !Objects.equals(before.dataScale(), after.dataScale());
        boolean wasNullable = before.nullable() == null || before.nullable();
        boolean isNullable = after.nullable() == null || after.nullable();
        boolean nullabilityChanged = wasNullable != isNullable;
        if (!typeChanged && !nullabilityChanged) {
            return new Outcome(Direction.SAME, false, false, null);
        }
        Direction type = typeChanged ? type(before, after) : Direction.WIDEN;
        if (type == Direction.IMPOSSIBLE) {
            return new Outcome(type, true, nullabilityChanged, "no conversion from " + logical(before) + " to "
                    + logical(after) + " keeps the values; drop the attribute and add a new one under another name");
        }
        if (type == Direction.NARROW) {
            return new Outcome(type, typeChanged, nullabilityChanged, "values of " + logical(before)
                    + " that do not fit " + logical(after) + " make the migration fail or are cut");
        }
        if (nullabilityChanged && !isNullable) {
            return new Outcome(Direction.NARROW, typeChanged, true, "rows with NULL in the column make the migration fail");
        }
        return new Outcome(Direction.WIDEN, typeChanged, nullabilityChanged, null);
    }

    /** {@code VARCHAR(100)}, {@code DECIMAL(10, 2)}, {@code INTEGER8}; " NOT NULL" when it is. */
    static String logical(AttributeDoc a) {
        StringBuilder text = new StringBuilder(a.datatype());
        if (a.dataLength() != null) {
            text.append('(').append(a.dataLength()).append(')');
        } else if (a.dataPrecision() != null) {
            text.append('(').append(a.dataPrecision());
            if (a.dataScale() != null) {
                text.append(", ").append(a.dataScale());
            }
            text.append(')');
        }
        if (Boolean.FALSE.equals(a.nullable())) {
            text.append(" NOT NULL");
        }
        return text.toString();
    }

    /** Whether a rebuild's INSERT … SELECT needs an explicit CAST (the logical type family changes). */
    static boolean needsCast(AttributeDoc before, AttributeDoc after) {
        return !family(before.datatype()).equals(family(after.datatype()));
    }

    private static Direction type(AttributeDoc a, AttributeDoc b) {
        String x = a.datatype();
        String y = b.datatype();
        if (TEXT.contains(y) && (y.equals("CHAR") || y.equals("VARCHAR"))) {
            if (TEXT.contains(x)) {
                return x.equals("VARCHAR") && y.equals("CHAR") ? Direction.NARROW : atLeast(b.dataLength(), a.dataLength());
            }
            Integer width = TEXT_WIDTH.get(x);
            if (x.equals("DECIMAL") && a.dataPrecision() != null) {
                width = a.dataPrecision() + 2;
            }
            return width == null ? Direction.IMPOSSIBLE : atLeast(b.dataLength(), width);
        }
        if (TEXT.contains(x)) {
            return TEXT_WIDTH.containsKey(y) || y.equals("DECIMAL") ? Direction.NARROW : Direction.IMPOSSIBLE;
        }
        if (INTEGER_DIGITS.containsKey(x)) {
            int digits = INTEGER_DIGITS.get(x);
            if (INTEGER_DIGITS.containsKey(y)) {
                return INTEGER_DIGITS.get(y) >= digits ? Direction.WIDEN : Direction.NARROW;
            }
            if (y.equals("DECIMAL")) {
                return b.dataPrecision() == null
                        || b.dataPrecision() - Objects.requireNonNullElse(b.dataScale(), 0) >= digits
                        ? Direction.WIDEN : Direction.NARROW;
            }
            if (y.equals("FLOAT8")) {
                return digits <= 10 ? Direction.WIDEN : Direction.NARROW;
            }
            return y.equals("FLOAT4") ? Direction.NARROW : Direction.IMPOSSIBLE;
        }
        if (x.equals("DECIMAL")) {
            if (y.equals("DECIMAL")) {
                if (b.dataPrecision() == null) {
                    return Direction.WIDEN;
                }
                if (a.dataPrecision() == null) {
                    return Direction.NARROW;
                }
                int scaleA = Objects.requireNonNullElse(a.dataScale(), 0);
                int scaleB = Objects.requireNonNullElse(b.dataScale(), 0);
                return b.dataPrecision() - scaleB >= a.dataPrecision() - scaleA && scaleB >= scaleA
                        ? Direction.WIDEN : Direction.NARROW;
            }
            return INTEGER_DIGITS.containsKey(y) || y.startsWith("FLOAT") ? Direction.NARROW : Direction.IMPOSSIBLE;
        }
        if (x.startsWith("FLOAT")) {
            if (y.startsWith("FLOAT")) {
                return y.compareTo(x) >= 0 ? Direction.WIDEN : Direction.NARROW;
            }
            return y.equals("DECIMAL") || INTEGER_DIGITS.containsKey(y) ? Direction.NARROW : Direction.IMPOSSIBLE;
        }
        if (x.equals("DATE")) {
            return y.equals("TIMESTAMP") ? Direction.WIDEN : y.equals("TIMESTAMP_TZ") ? Direction.NARROW : Direction.IMPOSSIBLE;
        }
        if (x.startsWith("TIMESTAMP")) {
            return y.equals("DATE") || y.startsWith("TIMESTAMP") ? Direction.NARROW : Direction.IMPOSSIBLE;
        }
        if (x.equals(y)) {
            return atLeast(b.dataLength(), a.dataLength());
        }
        return Direction.IMPOSSIBLE;
    }

    /** A length that grows or becomes unbounded (null) widens. */
    private static Direction atLeast(Integer after, Integer before) {
        if (after == null) {
            return Direction.WIDEN;
        }
        return before != null && after >= before ? Direction.WIDEN : Direction.NARROW;
    }

    private static String family(String datatype) {
        if (TEXT.contains(datatype)) {
            return "text";
        }
        if (INTEGER_DIGITS.containsKey(datatype) || datatype.equals("DECIMAL") || datatype.startsWith("FLOAT")) {
            return "number";
        }
        if (datatype.equals("DATE") || datatype.startsWith("TIMESTAMP")) {
            return "time";
        }
        return datatype;
    }
}
