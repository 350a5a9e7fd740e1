package io.loadsmith.generation.render;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import freemarker.core.ParseException;
import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.engine.InMemoryTemplates;
import io.loadsmith.generation.catalog.LibraryTemplateSource;
import io.loadsmith.generation.catalog.TemplateCatalog;
import io.loadsmith.generation.model.GenerationException;

/**
 * Each way one element could run or allocate without bound is refused where it is written, on the
 * parse tree (so spelling, camelCase names, parentheses, square-bracket syntax and line breaks change
 * nothing), with its line and what to write instead; the bounded uses of the same built-ins render.
 */
class TemplateBoundsTest {

    private static final LibraryTemplateSource LIBRARY = new LibraryTemplateSource();
    private static final DialectRegistry DIALECTS = new DialectRegistry();

    /** A text, its line of the refused construct, and a part of the refusal. */
    record Refused(String text, int line, String says) {
    }

    static List<Refused> refused() {
        return List.of(
                new Refused("${'xxxx'?matches('(x+x+)+y')?c}", 1, "fn.regex_matches(text, pattern)"),
                new Refused("${('x'?right_pad(60, 'x'))?matches('((x*)*)*y')?c}", 1, "fn.regex_matches(text, pattern)"),
                new Refused("<#assign m = 'a'?matches('a')>${m?groups[0]}", 1, "fn.regex_matches"),
                new Refused("${'a'?replace('(x+x+)+y', 'z', 'r')}", 1, "fn.regex_replace(text, pattern, replacement)"),
                new Refused("${'a'?replace('a', 'z', 'ri')}", 1, "the \"r\" flag"),
                new Refused("\n\n${'a,b'?split(',+', 'r')?size}", 3, "fn.regex_split(text, pattern)"),
                new Refused("${'a.b'?keep_after('\\\\.', 'r')}", 1, "the \"r\" flag"),
                new Refused("${'a.b'?keepAfter('\\\\.', 'r')}", 1, "the \"r\" flag"),
                new Refused("${'a'?ensure_starts_with('x+', 'y', 'r')}", 1, "the \"r\" flag"),
                new Refused("<#assign f = 'r'>${'a'?replace('a', 'b', f)}", 1, "must be written in the template as a string"),
                new Refused("${'a'?replace('a', 'b', 'r'?upper_case?lower_case)}", 1, "must be written in the template as a string"),
                new Refused("<#assign rep = 'a'?replace>${rep('a', 'b', 'r')}", 1, "must be called where it is named"),
                new Refused("${'x'?left_pad(900000000)}", 1, "at most " + TemplateBounds.MAX_PAD),
                new Refused("${'x'?right_pad(1001, '.')}", 1, "at most " + TemplateBounds.MAX_PAD),
                new Refused("<#assign n = 5>${'x'?leftPad(n)}", 1, "write the width as a number"),
                new Refused("${(1..300000000)?join(',')}", 1, "may only be listed by <#list>"),
                new Refused("${(1..)?seq_index_of(0)}", 1, "may only be listed by <#list>"),
                new Refused("<#assign n = 3>${(1..n)?join(',')}", 1, "may only be listed by <#list>"),
                new Refused("<#assign n = 5><#assign r = 1..n>", 1, "may only be listed by <#list>"),
                new Refused("<#list (1..)?filter(i -> i < 0) as i></#list>", 1, "may only be listed by <#list>"),
                new Refused("[#ftl][#list (1..1000000)?reverse as i][/#list]", 1, "may only be listed by <#list>"),
                new Refused("<#macro m xs><#list xs as x>${x}</#list></#macro><@m 1..100000/>", 1, "may only be listed by <#list>"),
                new Refused("${'1+1'?eval}", 1, "?eval runs text made at run time"),
                new Refused("${('" + "(".repeat(5000) + "1" + ")".repeat(5000) + "')?eval}", 1, "?eval runs text made at run time"),
                new Refused("<@'<#list 1.. as i></#list>'?interpret/>", 1, "?interpret runs text made at run time"),
                new Refused("${" + "(".repeat(TemplateBounds.MAX_EXPRESSION_DEPTH + 5) + "1"
                        + ")".repeat(TemplateBounds.MAX_EXPRESSION_DEPTH + 5) + "}", 1, "nested more than"));
    }

    @ParameterizedTest
    @MethodSource("refused")
    void refusedWhenParsedWithItsPlace(Refused refused) {
        FreemarkerEngine engine = engine(new InMemoryTemplates());
        assertThatThrownBy(() -> engine.parse(DIALECTS.get("h2"), "probe", refused.text()))
                .isInstanceOfSatisfying(ParseException.class, e -> {
                    assertThat(e.getEditorMessage()).contains(refused.says());
                    assertThat(e.getLineNumber()).isEqualTo(refused.line());
                });
    }

    @ParameterizedTest
    @MethodSource("refused")
    void refusedWhenRenderedWithoutRunning(Refused refused) {
        assertThatThrownBy(() -> EngineSandboxTest.render(refused.text()))
                .isInstanceOfSatisfying(GenerationException.class, e -> {
                    assertThat(e.detail()).contains(refused.says());
                    assertThat(e.location().line()).isEqualTo(refused.line());
                    EngineSandboxTest.assertNoLeak(e.detail());
                });
    }

    /** The same built-ins where their cost is bounded by what the template wrote. */
    static List<List<String>> allowed() {
        return List.of(
                List.of("<#assign n = 3><#list 1..n as i>${i}</#list>", "123"),
                List.of("<#list (1..3) as i>${i}</#list>", "123"),
                List.of("<#assign r = 1..5>${r?size}", "5"),
                List.of("<#list 3..1 as i>${i}</#list><#list 0..<2 as i>${i}</#list>", "32101"),
                List.of("<#list 1.. as i>${i}<#if i == 4><#break></#if></#list>", "1234"),
                List.of("${(1..3)?join(',')}|${(-2..2)?size}", "1,2,3|5"),
                List.of("<#assign n = 2>${'abcdef'[0..n]}|${'abcdef'[3..]}", "abc|def"),
                List.of("${'x'?left_pad(3, '.')}${'y'?right_pad(1000)?length}", "..x1000"),
                List.of("${'A.b.a'?replace('a', 'z', 'i')}|${'a.b'?replace('.', '-')}|${'a,b'?split(',')?size}", "z.b.z|a-b|2"),
                List.of("${'a.b.c'?keep_after('.')}|${'a.b.c'?keep_before_last('.')}|${'x'?ensure_starts_with('p_')}", "b.c|a.b|p_x"),
                List.of("${'1,2'?split(',', 'i')?join('+')}", "1+2"));
    }

    @ParameterizedTest
    @MethodSource("allowed")
    void boundedUsesRender(List<String> textAndSql) throws Exception {
        assertThat(EngineSandboxTest.render(textAndSql.get(0))).isEqualTo(textAndSql.get(1));
    }

    private static FreemarkerEngine engine(InMemoryTemplates templates) {
        return new FreemarkerEngine(new TemplateCatalog(List.of(templates, LIBRARY)), LIBRARY, RenderGuard.shared());
    }
}
