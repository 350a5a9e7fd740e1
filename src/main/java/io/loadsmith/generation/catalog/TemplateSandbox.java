package io.loadsmith.generation.catalog;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A friendly, early word about user-written FreeMarker that tries to reach Java or files outside
 * the library, before it is stored. It reads text, so it can be walked around; the engine's
 * configuration (FreemarkerEngine: member policy, loader, structure rules, limits) is what holds,
 * whatever the text looks like. This check exists so that the user learns why at once.
 * <ul>
 * <li>{@code ?new}, {@code ?api}: instantiate Java classes, call Java methods;</li>
 * <li>{@code <#include>} / {@code <#import>} of anything but a literal path under {@code /lib/};</li>
 * <li>{@code .now}: the render's clock, so that the same model would no longer give the same SQL (the
 *     package's byte-identical zip, the migration's plan); the load's own time is the engine's.</li>
 * </ul>
 * Comments are ignored, so documentation may mention these constructs. {@code ?eval} and
 * {@code ?interpret} are not its business: the text they run obeys the engine's configuration like
 * any other, and a word here would depend on what surrounds them (a comment opener inside a string
 * hid them from it), so one template was refused and the same code beside a comment-like text saved.
 */
public final class TemplateSandbox {

    /** A refused construct and the line (1-based) where it stands. */
    public record Refusal(String construct, int line, int column, String reason) {
    }

    private static final Pattern COMMENT = Pattern.compile("<#--.*?-->|\\[#--.*?--]", Pattern.DOTALL);
    private static final Pattern BUILT_IN = Pattern.compile("\\?\\s*(new|api)\\b");
    /** FreeMarker code: interpolations and directive or macro-call tags; SQL text outside them may say anything. */
    private static final Pattern FTL_CODE = Pattern.compile("\\$\\{[^}]*}|[<\\[][#@][^>\\]]*[>\\]]|\\[=[^\\]]*]", Pattern.DOTALL);
    /** Member names that lead from any object to its class, class loader or code: never needed by a template. */
    private static final String JAVA_MEMBERS = "class|getClass|classLoader|getClassLoader|protectionDomain|getProtectionDomain"
            + "|forName|getDeclaredFields|getDeclaredMethods|getMethods|getFields|getPackage|getModule|getResource"
            + "|getResourceAsStream|getDeclaringClass|locale_object";
    private static final Pattern JAVA_REFLECTION = Pattern.compile(
            "(?:\\.\\s*(" + JAVA_MEMBERS + ")\\b|\\[\\s*[\"'](" + JAVA_MEMBERS + ")[\"']\\s*])");
    /** FreeMarker's special variable {@code .now}, not a member {@code x.now} of some value. */
    private static final Pattern NOW = Pattern.compile("(?<![\\w.)\\]\"'])\\.\\s*now\\b");
    private static final Pattern INCLUDE = Pattern.compile(
            "[<\\[]#(include|import)\\b\\s*(?:\"([^\"]*)\"|'([^']*)'|(\\S*))");

    private TemplateSandbox() {
    }

    public static List<Refusal> refusals(String text) {
        String code = blankComments(text);
        List<Refusal> refusals = new ArrayList<>();
        Matcher builtIn = BUILT_IN.matcher(code);
        while (builtIn.find()) {
            String name = builtIn.group(1);
            refusals.add(refusal(code, builtIn.start(), "?" + name, "it reaches Java classes, which templates may not"));
        }
        Matcher ftl = FTL_CODE.matcher(code);
        while (ftl.find()) {
            Matcher reflection = JAVA_REFLECTION.matcher(ftl.group());
            if (reflection.find()) {
                String member = reflection.group(1) != null ? "." + reflection.group(1) : "[\"" + reflection.group(2) + "\"]";
                refusals.add(refusal(code, ftl.start() + reflection.start(), member,
                        "it reaches Java classes, which templates may not"));
            }
            Matcher now = NOW.matcher(ftl.group());
            if (now.find()) {
                refusals.add(refusal(code, ftl.start() + now.start(), ".now",
                        "it is the time of the render, so the same model would give other SQL on every call;"
                        + " use the engine's CURRENT_TIMESTAMP, or a parameter such as execution_time"));
            }
        }
        Matcher include = INCLUDE.matcher(code);
        while (include.find()) {
            String directive = "<#" + include.group(1) + ">";
            String path = include.group(2) != null ? include.group(2) : include.group(3);
            if (path == null) {
                refusals.add(refusal(code, include.start(), directive,
                        "only a literal path under /lib/ may be included, not '" + include.group(4) + "'"));
            } else if (!path.startsWith("/lib/") || path.contains("..") || path.contains("\\")) {
                refusals.add(refusal(code, include.start(), directive + " of '" + path + "'",
                        "only library files under /lib/ may be included"));
            }
        }
        refusals.sort(Comparator.comparingInt(Refusal::line).thenComparingInt(Refusal::column));
        return refusals;
    }

    /** Throws for the first refused construct of one variant. */
    public static void check(String template, String variant, String text) {
        List<Refusal> found = refusals(text);
        if (!found.isEmpty()) {
            throw TemplateRejectedException.refused("variants." + variant, template, variant, found.get(0));
        }
    }

    /** Comments become spaces, line breaks stay, so that positions in the rest keep their line and column. */
    private static String blankComments(String text) {
        Matcher m = COMMENT.matcher(text);
        StringBuilder out = new StringBuilder(text.length());
        int from = 0;
        while (m.find()) {
            out.append(text, from, m.start());
            for (char c : m.group().toCharArray()) {
                out.append(c == '\n' || c == '\r' ? c : ' ');
            }
            from = m.end();
        }
        return out.append(text.substring(from)).toString();
    }

    private static Refusal refusal(String text, int offset, String construct, String reason) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < offset; i++) {
            if (text.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return new Refusal(construct, line, offset - lineStart + 1, reason);
    }
}
