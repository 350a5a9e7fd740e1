package io.loadsmith.generation.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import io.loadsmith.engine.Golden;

class TemplateSandboxTest {

    @Test
    void seedTemplateAndLibraryIncludesPass() {
        assertThat(TemplateSandbox.refusals(Golden.read("scd2.ftl"))).isEmpty();
        assertThat(TemplateSandbox.refusals("<#include \"/lib/hash.ftl\">\n${fn.md5(x)}")).isEmpty();
        assertThat(TemplateSandbox.refusals("<#import '/lib/hash.ftl' as h>")).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"new", "api"})
    void refusesBuiltInsThatReachJava(String builtIn) {
        List<TemplateSandbox.Refusal> refusals = TemplateSandbox.refusals("SELECT 1\n  ${x?" + builtIn + "()}");
        assertThat(refusals).singleElement().satisfies(r -> {
            assertThat(r.construct()).isEqualTo("?" + builtIn);
            assertThat(r.line()).isEqualTo(2);
            assertThat(r.column()).isEqualTo(6);
        });
    }

    @Test
    void seesThroughWhitespaceBeforeTheBuiltInName() {
        assertThat(TemplateSandbox.refusals("${'freemarker.template.utility.Execute'? new()}"))
                .extracting(TemplateSandbox.Refusal::construct).containsExactly("?new");
    }

    @Test
    void similarNamedSafeBuiltInsPass() {
        assertThat(TemplateSandbox.refusals("${json?eval_json.a} ${names?api_like!} ${x?newline!}")).isEmpty();
    }

    @Test
    void commentsMayMentionRefusedConstructs() {
        assertThat(TemplateSandbox.refusals("<#-- never use ?new or <#include \"/etc/passwd\"> -->\nSELECT 1")).isEmpty();
    }

    @Test
    void positionsAfterACommentStayRight() {
        assertThat(TemplateSandbox.refusals("<#-- one\ntwo -->\n${x?api}")).singleElement()
                .satisfies(r -> assertThat(r.line()).isEqualTo(3));
    }

    @ParameterizedTest
    @ValueSource(strings = {"<#include \"other.ftl\">", "<#include \"/templates/scd2\">", "<#include \"/lib/../x.ftl\">",
            "<#import \"lib/hash.ftl\" as h>", "<#include someVariable>", "[#include \"/etc/passwd\"]"})
    void refusesIncludesOutsideTheLibrary(String directive) {
        assertThat(TemplateSandbox.refusals("SELECT 1\n" + directive)).singleElement()
                .satisfies(r -> {
                    assertThat(r.construct()).startsWith(directive.contains("import") ? "<#import>" : "<#include>");
                    assertThat(r.line()).isEqualTo(2);
                });
    }

    @Test
    void checkThrowsWithTemplateVariantAndLine() {
        assertThatThrownBy(() -> TemplateSandbox.check("escape", "default", "a\nb\n${x?new()}"))
                .isInstanceOfSatisfying(TemplateRejectedException.class, e -> {
                    assertThat(e.getMessage()).contains("refused", "template 'escape'", "?new", "line 3");
                    assertThat(e.properties()).containsEntry("line", 3).containsEntry("construct", "?new")
                            .containsEntry("template", "escape");
                });
    }
    /** The render's clock would make the same model give other SQL on every call (and every zip differ). */
    @ParameterizedTest
    @ValueSource(strings = {"-- at ${.now}", "<#assign t = .now>${t}", "${(.now)?string('yyyy')}", "[#assign t = . now]",
            "${.now?iso_utc}"})
    void refusesTheRendersClock(String text) {
        assertThat(TemplateSandbox.refusals("SELECT 1\n" + text)).singleElement().satisfies(r -> {
            assertThat(r.construct()).isEqualTo(".now");
            assertThat(r.line()).isEqualTo(2);
            assertThat(r.reason()).contains("CURRENT_TIMESTAMP");
        });
    }

    @Test
    void aMemberCalledNowAndSqlTextMayStay() {
        assertThat(TemplateSandbox.refusals("SELECT t.now, now() FROM x ${opts.now} ${opts['now']} <#if a.now??>1</#if> -- .now in SQL")).isEmpty();
    }
}
