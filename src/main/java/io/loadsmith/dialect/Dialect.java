package io.loadsmith.dialect;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A target SQL dialect after inheritance is applied: everything a parent declares and the
 * dialect does not override. {@code lineage} is the lookup order for templates and formulas:
 * the dialect itself, then its ancestors (the library's "default" variant comes after them).
 * {@code literalEscapes} says how a character is written inside a string literal (see {@link #literal});
 * {@code identifierQuote} delimits a case-sensitive name (see {@link #quoteIdentifier}).
 */
public record Dialect(
        String name,
        String label,
        boolean isAbstract,
        List<String> lineage,
        Map<String, Boolean> capabilities,
        Map<String, String> functions,
        Map<String, List<String>> datatypes,
        int maxIdentifierLength,
        Set<String> reservedWords,
        Map<String, String> literalEscapes,
        String identifierQuote) {

    public Dialect {
        lineage = List.copyOf(lineage);
        capabilities = Map.copyOf(capabilities);
        functions = Map.copyOf(functions);
        datatypes = Map.copyOf(datatypes);
        reservedWords = Set.copyOf(reservedWords);
        literalEscapes = Map.copyOf(literalEscapes);
        if (!literalEscapes.containsKey("'")) {
            throw new IllegalStateException("Dialect " + name + ": string_literal.escapes must say how ' is written");
        }
        if (identifierQuote == null || identifierQuote.length() != 1) {
            throw new IllegalStateException("Dialect " + name + ": identifiers.quote must be one character, not "
                    + identifierQuote);
        }
    }

    /** A dialect that quotes identifiers with a double quote (the standard's). */
    public Dialect(String name, String label, boolean isAbstract, List<String> lineage, Map<String, Boolean> capabilities,
                   Map<String, String> functions, Map<String, List<String>> datatypes, int maxIdentifierLength,
                   Set<String> reservedWords, Map<String, String> literalEscapes) {
        this(name, label, isAbstract, lineage, capabilities, functions, datatypes, maxIdentifierLength, reservedWords,
                literalEscapes, "\"");
    }

    /**
     * The name as a delimited identifier of this dialect: between the dialect's identifier quotes,
     * an embedded closing quote doubled (standard SQL, PostgreSQL, Snowflake, H2, DuckDB, Spark and
     * BigQuery all read a doubled quote inside a delimited identifier as one; T-SQL's {@code [a]]b]}
     * is the name a]b, while a [ inside needs nothing). Inside the quotes the engine keeps the name's case.
     */
    public String quoteIdentifier(String name) {
        String close = closingQuote();
        return identifierQuote + name.replace(close, close + close) + close;
    }

    /** The quote that ends a delimited identifier: ] after T-SQL's [, else the opening quote itself. */
    public String closingQuote() {
        return "[".equals(identifierQuote) ? "]" : identifierQuote;
    }

    /**
     * The text as one string literal of this dialect: between single quotes, each character that
     * {@code string_literal.escapes} names replaced (the quote always; the backslash on engines that
     * read escapes inside literals). Whatever the text, the literal ends at its last quote.
     */
    public String literal(String text) {
        StringBuilder out = new StringBuilder(text.length() + 2).append('\'');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            String escaped = literalEscapes.get(String.valueOf(c));
            if (escaped == null) {
                out.append(c);
            } else {
                out.append(escaped);
            }
        }
        return out.append('\'').toString();
    }

    public boolean supports(String capability) {
        return capabilities.getOrDefault(capability, false);
    }
}
