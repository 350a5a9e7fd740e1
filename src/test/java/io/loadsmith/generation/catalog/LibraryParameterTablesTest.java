package io.loadsmith.generation.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

/**
 * The parameter tables of templates-library/README.md are generated from each template's
 * template.yaml, read by the catalog's own {@link LibraryTemplateSource}, so that the README says what
 * the product reads. Each table stands between {@code <!-- parameters:NAME -->} and
 * {@code <!-- /parameters:NAME -->}; run this test with {@code -Dloadsmith.docs.write=true} to rewrite
 * the blocks in place after changing a template.yaml.
 */
class LibraryParameterTablesTest {

    private static final Path README = Path.of("templates-library/README.md");
    private static final String WRITE = "loadsmith.docs.write";
    private static final String REGENERATE = "regenerate the block with: mvn -B -q test -Dtest=LibraryParameterTablesTest "
            + "-Dsurefire.failIfNoSpecifiedTests=false -D" + WRITE + "=true";

    /** A run of text that holds placeholders such as {@code <target schema>.<prefix><target name>}. */
    private static final Pattern PLACEHOLDERS = Pattern.compile("(?:[^\\s<`]*<[^<>`]*>)+[^\\s<`]*");

    @Test
    void everyLibraryTemplateHasItsParameterTableInTheReadme() throws IOException {
        String readme = Files.readString(README, StandardCharsets.UTF_8);
        String expected = readme;
        List<String> missing = new ArrayList<>();
        List<String> stale = new ArrayList<>();
        for (TemplateDefinition template : new LibraryTemplateSource().all(TemplateKind.TEMPLATE)) {
            String open = "<!-- parameters:" + template.name() + " -->";
            String close = "<!-- /parameters:" + template.name() + " -->";
            int start = expected.indexOf(open);
            int end = expected.indexOf(close);
            if (start < 0 && template.parameters().isEmpty()) {
                continue; // the generated loads take no parameters: their options are the load's
            }
            if (start < 0 || end < start) {
                missing.add(template.name() + ": templates-library/README.md has no block " + open + " … " + close
                        + "; add the two markers where the table belongs, then " + REGENERATE);
                continue;
            }
            String block = open + "\n\n" + table(template) + "\n" + close;
            if (!expected.substring(start, end + close.length()).equals(block)) {
                stale.add(template.name() + ": the parameter table in templates-library/README.md differs from "
                        + "templates-library/templates/" + template.name() + "/template.yaml; " + REGENERATE);
                expected = expected.substring(0, start) + block + expected.substring(end + close.length());
            }
        }
        if (Boolean.getBoolean(WRITE)) {
            if (!expected.equals(readme)) {
                Files.writeString(README, expected, StandardCharsets.UTF_8);
            }
            stale.clear();
        }
        List<String> problems = new ArrayList<>(missing);
        problems.addAll(stale);
        assertThat(problems).as("parameter tables of templates-library/README.md").isEmpty();
    }

    /** The table as the README shows it: one row per parameter, in template.yaml's order. */
    static String table(TemplateDefinition template) {
        StringBuilder out = new StringBuilder("| parameter | kind | default | meaning |\n|---|---|---|---|\n");
        for (ParameterDefinition p : template.parameters()) {
            String kind = p.type().name() + (p.values().isEmpty() ? ""
                    : " (" + p.values().stream().map(v -> "`" + v + "`").collect(Collectors.joining(", ")) + ")");
            String defaultValue = p.required() ? "required"
                    : p.defaultValue() == null || p.defaultValue().isEmpty() ? "–" : "`" + p.defaultValue() + "`";
            out.append("| ").append(p.name()).append(" | ").append(kind).append(" | ").append(defaultValue)
                    .append(" | ").append(cell(p.description())).append(" |\n");
        }
        return out.toString();
    }

    /** Placeholders in code spans (markdown would read {@code <prefix>} as a tag), pipes escaped. */
    private static String cell(String text) {
        String flat = text.strip().replaceAll("\\s+", " ").replace("|", "\\|");
        Matcher m = PLACEHOLDERS.matcher(flat);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String run = m.group();
            int keep = run.length();
            while (keep > 0 && ".,;:)".indexOf(run.charAt(keep - 1)) >= 0) {
                keep--;
            }
            m.appendReplacement(out, Matcher.quoteReplacement("`" + run.substring(0, keep) + "`" + run.substring(keep)));
        }
        m.appendTail(out);
        return out.toString();
    }
}
