package io.loadsmith.load.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.unbescape.html.HtmlEscape;

/** The code view's lines as the pane showed them before (split on {@code \r?\n}, th:text's escaping), without the regex. */
class EscapedSqlTest {

    @Test
    void linesAreEscapedAndWrappedOneSpanEach() {
        assertThat(EscapedSql.escape("select '<a>' & \"b\"\r\nfrom t\n"))
                .isEqualTo("<span class=\"line\">select &#39;&lt;a&gt;&#39; &amp; &quot;b&quot;</span>\n"
                        + "<span class=\"line\">from t</span>\n");
    }

    @Test
    void splitsAsTheRegexDid() {
        for (String sql : List.of("", "x", "\n", "\r\n", "\n\n", "a\n\nb", "a\n\n\n", "\na", "\r\na\r\n", "a\rb\n",
                "a\r\r\nb", "\r", "a\r", "a\n\r", "a\n\r\n", " \n ", "ä'ö\n<€>")) {
            assertThat(EscapedSql.escape(sql)).as("%s", sql.replace("\r", "\\r").replace("\n", "\\n"))
                    .isEqualTo(byRegex(sql));
        }
    }

    @Test
    void theSameTextGivesTheSameLinesAndADifferentOneItsOwn() {
        String sql = "select 1\nfrom dual";
        assertThat(EscapedSql.lines(sql)).isSameAs(EscapedSql.lines(new String(sql)));
        assertThat(EscapedSql.lines(sql + " x")).isEqualTo(byRegex(sql + " x"));
    }

    private static String byRegex(String sql) {
        StringBuilder html = new StringBuilder();
        for (String line : sql.split("\r?\n")) {
            html.append("<span class=\"line\">").append(HtmlEscape.escapeHtml4Xml(line)).append("</span>\n");
        }
        return html.toString();
    }
}
