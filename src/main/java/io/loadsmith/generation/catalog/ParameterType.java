package io.loadsmith.generation.catalog;

/**
 * The kind of a template parameter: how its text in a step is checked or escaped for the dialect
 * before the template sees it (generation/ParameterBinder), so that no value can change the SQL
 * outside its own place. Known {@code <placeholders>} in IDENTIFIER, STRING and TEXT values are
 * replaced before the check.
 */
public enum ParameterType {
    /** A word (letters, digits, _ and .) written as it stands: an option the template compares, a name part (the seed's {@code temp_table_prefix}). */
    STRING,
    /** true or false. */
    BOOLEAN,
    /** A whole number. */
    INTEGER,
    /** Comma-separated STRING words. */
    LIST,
    /** A table or column name for the dialect, optionally qualified (schema.name), or a name prefix. */
    IDENTIFIER,
    /** Comma-separated IDENTIFIERs; a lone {@code *} is passed on for the template to interpret. */
    IDENTIFIER_LIST,
    /** Any text, handed to the template as a complete string literal of the dialect ({@code 'it''s'}). */
    TEXT,
    /** Comma-separated TEXT values, each a complete string literal. */
    TEXT_LIST,
    /** SQL that the step's author writes, as it stands (like override SQL): an expression or a query. */
    SQL
}
