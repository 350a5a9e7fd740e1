package io.loadsmith.names;

import java.text.Normalizer;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.IntPredicate;
import java.util.regex.Pattern;

import io.loadsmith.dialect.Identifiers;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.Violations;

/**
 * The rules for names people give objects, in one place that the services apply, so the API, the
 * designer and the package import refuse the same names with the same messages:
 * <ul>
 * <li>identifiers (entities, loads, templates, types, environments, ...): {@link Identifiers};</li>
 * <li>package names: an identifier that may also hold {@code -} and {@code .}, because a package
 *     name becomes a file name ({@code NAME-VERSION-DIALECT.zip}) and an address ({@code /packages/NAME});</li>
 * <li>labels (step names, token names): free text, normalised to NFC, without control, format
 *     (zero-width, bidi) or separator characters that would hide what the label says.</li>
 * </ul>
 * Names that become file names or identifiers are unique ignoring case ({@link #same}): a package
 * unzipped on a case-insensitive file system, or a warehouse whose identifiers ignore case, would
 * otherwise see one object where there are two.
 */
public final class Names {

    private static final Pattern PACKAGE = Pattern.compile("[A-Za-z_][A-Za-z0-9_.-]*");

    private Names() {
    }

    /** Canonical composition (NFC), so that {@code Å} typed as one or as two code points is one name. */
    public static String normalize(String name) {
        return name == null || Normalizer.isNormalized(name, Normalizer.Form.NFC) ? name
                : Normalizer.normalize(name, Normalizer.Form.NFC);
    }

    /** Two names of one kind clash when they differ only by case. */
    public static boolean same(String a, String b) {
        return a != null && b != null && key(a).equals(key(b));
    }

    /** What names are compared by: NFC, lower case. */
    public static String key(String name) {
        return normalize(name).toLowerCase(Locale.ROOT);
    }

    /**
     * Refuses {@code requested} when an object of the kind other than {@code self} (null when
     * creating) has it in any case; {@code clashes} are the objects whose name equals it ignoring case.
     */
    public static <T> void requireFree(String kind, String requested, Long self, List<T> clashes,
                                       Function<T, Long> id, Function<T, String> name) {
        for (T other : clashes) {
            if (!id.apply(other).equals(self)) {
                throw taken(kind, requested, name.apply(other));
            }
        }
    }

    /** The refusal of a name that another object of the kind has, perhaps in other case. */
    public static io.loadsmith.problem.NameTakenException taken(String kind, String requested, String existing) {
        return new io.loadsmith.problem.NameTakenException(kind + " '" + existing + "' already exists"
                + (existing.equals(requested) ? "." : "; names that differ only by case ('" + requested
                        + "') are the same name."));
    }

    public static boolean isPackageName(String value) {
        return value != null && value.length() <= Identifiers.MAX_LENGTH && PACKAGE.matcher(value).matches();
    }

    /** Adds a problem for {@code field} unless {@code value} is a valid package name. */
    public static void checkPackageName(Violations violations, String field, String value) {
        if (value == null || value.isBlank()) {
            violations.add(field, value, "is required");
        } else if (value.length() > Identifiers.MAX_LENGTH) {
            violations.add(field, value, "is " + value.length() + " characters long; names have at most "
                    + Identifiers.MAX_LENGTH);
        } else if (!PACKAGE.matcher(value).matches()) {
            violations.add(field, value, "is not a valid package name: use letters, digits, _, - and ., starting with "
                    + "a letter or _" + offending(value, c -> c < 128 && (Character.isLetterOrDigit(c) || c == '_'
                            || c == '-' || c == '.')));
        }
    }

    /** Adds a problem for {@code field} when a label (given, not blank) holds a character that hides text. */
    public static void checkLabel(Violations violations, String field, String value) {
        if (value == null) {
            return;
        }
        int at = hidden(value);
        if (at >= 0) {
            violations.add(field, value, "contains " + describe(value.codePointAt(at)) + " at position " + (at + 1)
                    + ", which does not show or changes how the text around it shows; remove it");
        }
    }

    /** Index of the first control, format, separator (other than a plain space) or unassigned character; -1 if none. */
    public static int hidden(String text) {
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            if (isHidden(c)) {
                return i;
            }
            i += Character.charCount(c);
        }
        return -1;
    }

    private static boolean isHidden(int c) {
        return switch (Character.getType(c)) {
            case Character.CONTROL, Character.FORMAT, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR,
                 Character.SURROGATE, Character.PRIVATE_USE, Character.UNASSIGNED -> true;
            case Character.SPACE_SEPARATOR -> c != ' ';
            // Hangul fillers and the braille blank show nothing but are letters or symbols.
            default -> c == 0x115F || c == 0x1160 || c == 0x3164 || c == 0xFFA0 || c == 0x2800;
        };
    }

    /** " (U+200B at position 4)" for the first character that {@code allowed} refuses, for messages. */
    public static String offending(String value, IntPredicate allowed) {
        for (int i = 0; i < value.length(); ) {
            int c = value.codePointAt(i);
            if (!allowed.test(c)) {
                return " (" + describe(c) + " at position " + (i + 1) + ")";
            }
            i += Character.charCount(c);
        }
        return "";
    }

    /** "'/' (U+002F)" for a visible character, "U+200B ZERO WIDTH SPACE" for one that does not show. */
    public static String describe(int c) {
        String code = String.format(Locale.ROOT, "U+%04X", c);
        String name = Character.getName(c);
        return isHidden(c) || c == ' ' ? code + (name == null ? "" : " " + name) : "'" + Character.toString(c) + "' (" + code + ")";
    }

    /**
     * Refuses file names (of one folder) that are not plain or that differ only by case: the files
     * of a SQL package are unzipped on file systems that ignore case (Windows, macOS), where
     * {@code loads/k_load.sql} and {@code loads/K_LOAD.sql} would be one file.
     *
     * @param names the object of each file, which is also its name without folder and extension
     */
    public static void requireDistinctFileNames(String kind, List<String> names) {
        Map<String, String> seen = new HashMap<>();
        for (String name : names) {
            if (!fileName(name).equals(name)) {
                throw InvalidRequestException.of(kind, name, "cannot be a file name of the SQL "
                        + "package" + offending(name, c -> c < 128 && (Character.isLetterOrDigit(c) || c == '_'
                                || c == '-' || c == '.')) + "; rename it");
            }
            String other = seen.putIfAbsent(key(name), name);
            if (other != null) {
                throw InvalidRequestException.of(kind, name, "differs from " + kind + " '" + other
                        + "' only by case, so both would be one file where the SQL package is unzipped on a file "
                        + "system that ignores case; rename one");
            }
        }
    }

    /**
     * {@code name} as a file name of letters, digits, {@code _ - .} only, for names written into a
     * download's file name or a directory: a name from an older store, or from a package file given
     * to the command line, can hold anything ({@code ../}, CR/LF, quotes). A valid name stays as it is.
     */
    public static String fileName(String name) {
        StringBuilder out = new StringBuilder();
        String text = name == null ? "" : name;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean plain = c < 128 && (Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.');
            out.append(plain && !(c == '.' && out.isEmpty()) ? c : '_');
        }
        return out.isEmpty() ? "_" : out.toString();
    }
}
