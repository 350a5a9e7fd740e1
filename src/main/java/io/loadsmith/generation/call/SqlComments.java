package io.loadsmith.generation.call;

/**
 * The one way the engine writes user text (step, load and entity names, file paths) into a SQL
 * comment. The result cannot end or open a comment whatever the text is: it holds no line break
 * or other control character (which would end a {@code --} comment), and no {@code /*} or
 * {@code *&#47;} (which would close a block comment, or open a nested one on PostgreSQL and
 * Databricks, which nest them). Ordinary names come back unchanged.
 */
public final class SqlComments {

    private SqlComments() {
    }

    /** The text with control characters and line separators as spaces and {@code /}{@code *} pairs split by a space. */
    public static String text(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(text.length());
        char previous = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
                c = ' ';
            } else if ((previous == '/' && c == '*') || (previous == '*' && c == '/')) {
                out.append(' ');
            }
            out.append(c);
            previous = c;
        }
        return out.toString();
    }
}
