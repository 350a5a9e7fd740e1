package io.loadsmith.generation;

import java.io.Reader;
import java.io.StringReader;
import java.util.regex.Pattern;

import freemarker.cache.TemplateLoader;
import io.loadsmith.generation.catalog.LibraryTemplateSource;

/**
 * What {@code <#include>}, {@code <#import>} and {@code .get_optional_template} can reach: the
 * library's shared files {@code lib/<name>.ftl}, and nothing else. FreeMarker hands over names
 * after its own normalisation (relative paths resolved, {@code ..} above the root refused), and a
 * name must still be exactly of that form: no other template, formula, file or class-path entry.
 * Top-level templates and formulas are not loaded here but by the engine, through the catalog.
 */
final class LibraryTemplateLoader implements TemplateLoader {

    private static final Pattern LIB_FILE = Pattern.compile("lib/[A-Za-z0-9_]+\\.ftl");

    private final LibraryTemplateSource library;

    LibraryTemplateLoader(LibraryTemplateSource library) {
        this.library = library;
    }

    @Override
    public Object findTemplateSource(String name) {
        return LIB_FILE.matcher(name).matches() ? library.libFile(name).orElse(null) : null;
    }

    @Override
    public long getLastModified(Object templateSource) {
        return -1;
    }

    @Override
    public Reader getReader(Object templateSource, String encoding) {
        return new StringReader((String) templateSource);
    }

    @Override
    public void closeTemplateSource(Object templateSource) {
        // Strings need no closing.
    }
}
