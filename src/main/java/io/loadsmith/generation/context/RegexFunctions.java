package io.loadsmith.generation.context;

import java.util.Arrays;
import java.util.List;
import java.util.Set;

import com.google.re2j.Pattern;
import com.google.re2j.PatternSyntaxException;

import freemarker.template.ObjectWrapper;
import freemarker.template.SimpleScalar;
import freemarker.template.SimpleSequence;
import freemarker.template.TemplateBooleanModel;
import freemarker.template.TemplateMethodModelEx;
import freemarker.template.TemplateModel;
import freemarker.template.TemplateModelException;
import freemarker.template.TemplateScalarModel;

/**
 * {@code fn.regex_matches(text, pattern)}, {@code fn.regex_replace(text, pattern, replacement)} and
 * {@code fn.regex_split(text, pattern)}: regular expressions in RE2 syntax on RE2/J, whose matching
 * time is linear in the text (no backtracking), in place of FreeMarker's Java-regex built-ins
 * (render.TemplateBounds refuses those). Linear is not small: a pattern's program grows with its
 * counted repetitions ({@code (a{1000}){1000}} is a million states, and RE2/J builds them all), so a
 * pattern's weight (its length times its repetition counts) and the work (text length times weight)
 * are bounded too. RE2/J's matcher costs about 0.1 µs per state and character, so one call stays
 * within about a quarter of a second (measured: {@code (a*)*(a*)*(a*)*(a*)*b} over 95,000 characters,
 * {@code (a|aa){0,700}c} over 200).
 */
final class RegexFunctions {

    static final Set<String> NAMES = Set.of("regex_matches", "regex_replace", "regex_split");
    static final int MAX_PATTERN_WEIGHT = 10_000;
    static final long MAX_WORK = 2_000_000L;

    private RegexFunctions() {
    }

    static TemplateMethodModelEx function(String name) {
        return arguments -> {
            int expected = name.equals("regex_replace") ? 3 : 2;
            if (arguments.size() != expected) {
                throw fail("fn." + name + " takes " + expected + " arguments ("
                        + (expected == 3 ? "text, pattern, replacement" : "text, pattern") + "), not " + arguments.size());
            }
            String text = text(name, arguments.get(0), "text");
            Pattern pattern = compile(name, text(name, arguments.get(1), "pattern"), text.length());
            return switch (name) {
                case "regex_matches" -> pattern.matches(text) ? TemplateBooleanModel.TRUE : TemplateBooleanModel.FALSE;
                case "regex_replace" -> replace(name, pattern, text, text(name, arguments.get(2), "replacement"));
                default -> sequence(Arrays.asList(pattern.split(text, -1)));
            };
        };
    }

    private static TemplateModel replace(String name, Pattern pattern, String text, String replacement)
            throws TemplateModelException {
        try {
            return new SimpleScalar(pattern.matcher(text).replaceAll(replacement));
        } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
            throw fail("fn." + name + ": the replacement '" + replacement + "' names a group the pattern does not have"
                    + " ($1 is the first group; write \\$ for a dollar sign)");
        }
    }

    private static Pattern compile(String name, String pattern, int textLength) throws TemplateModelException {
        long weight = weight(pattern);
        if (weight > MAX_PATTERN_WEIGHT) {
            throw fail("fn." + name + ": the pattern '" + abbreviated(pattern) + "' is too large (its length times its"
                    + " repetition counts is " + weight + ", at most " + MAX_PATTERN_WEIGHT + ")");
        }
        if ((long) textLength * weight > MAX_WORK) {
            throw fail("fn." + name + ": the text (" + textLength + " characters) is too long for the pattern '"
                    + abbreviated(pattern) + "' (at most " + MAX_WORK / weight + " characters for it)");
        }
        try {
            return Pattern.compile(pattern);
        } catch (PatternSyntaxException e) {
            throw fail("fn." + name + ": the pattern '" + abbreviated(pattern) + "' is not a regular expression: "
                    + e.getDescription());
        }
    }

    /**
     * The pattern's length times every counted repetition's largest count: more than its program's size
     * (repetitions side by side are counted as if nested), never less.
     */
    static long weight(String pattern) {
        long weight = Math.max(1, pattern.length());
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '{') {
                int close = pattern.indexOf('}', i);
                String[] counts = close < 0 ? new String[0] : pattern.substring(i + 1, close).split(",", -1);
                long largest = 1;
                for (String count : counts) {
                    if (!count.isEmpty() && count.chars().allMatch(Character::isDigit)) {
                        largest = Math.max(largest, count.length() > 9 ? Integer.MAX_VALUE : Long.parseLong(count));
                    }
                }
                weight = Math.min(weight * largest, Long.MAX_VALUE / Integer.MAX_VALUE);
            }
        }
        return weight;
    }

    private static String text(String name, Object argument, String what) throws TemplateModelException {
        if (argument instanceof TemplateScalarModel scalar) {
            String value = scalar.getAsString();
            if (value != null) {
                return value;
            }
        }
        throw fail("fn." + name + ": the " + what + " must be a string");
    }

    private static TemplateModel sequence(List<String> parts) {
        SimpleSequence sequence = new SimpleSequence(parts.size(), (ObjectWrapper) null);
        parts.forEach(part -> sequence.add(new SimpleScalar(part)));
        return sequence;
    }

    private static String abbreviated(String pattern) {
        return pattern.length() <= 60 ? pattern : pattern.substring(0, 57) + "...";
    }

    private static TemplateModelException fail(String message) {
        return new TemplateModelException(new TemplateApiException(message + "."));
    }
}
