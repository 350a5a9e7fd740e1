package io.loadsmith.tryit;

/** DuckDB identifiers, always quoted so that mixed case and reserved words ("order") work as written. */
final class DuckDbNames {

    private DuckDbNames() {
    }

    /** {@code schema.table} or {@code table}, each part quoted. */
    static String quote(String qualified) {
        int dot = qualified.indexOf('.');
        return dot < 0 ? quoteOne(qualified) : quoteOne(qualified.substring(0, dot)) + "." + quoteOne(qualified.substring(dot + 1));
    }

    static String quoteOne(String name) {
        return "\"" + name.replace("\"", "\"\"") + "\"";
    }
}
