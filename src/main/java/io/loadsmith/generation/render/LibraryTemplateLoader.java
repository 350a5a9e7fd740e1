package io.loadsmith.generation.render;

import java.io.Reader;
import java.io.StringReader;
import java.util.List;
import java.util.regex.Pattern;

import freemarker.cache.TemplateLoader;
import io.loadsmith.generation.catalog.LibraryTemplateSource;

/**
 * What {@code <#include>}, {@code <#import>} and {@code .get_optional_template} can reach: the
 * library's shared files {@code lib/<name>.ftl}, and nothing else. FreeMarker hands over names
 * after its own normalisation (relative paths resolved, {@code ..} above the root refused), and a
 * name must still be exactly of that form: no other template, formula, file or class-path entry.
 * Top-level templates and formulas are not loaded here but by the engine, through the catalog.
 * <p>
 * A lib file is looked up by the dialect's lineage: {@code lib/x.ftl} for postgresql is
 * {@code lib/postgresql/x.ftl}, else {@code lib/sql2016/x.ftl}, {@code lib/ansi/x.ftl}, else
 * {@code lib/x.ftl}. So a dialect overrides one file of macros while the template that imports it
 * stays shared (the engine keeps one configuration, and so one template cache, per dialect).
 */
final class LibraryTemplateLoader implements TemplateLoader {

    private static final Pattern LIB_FILE = Pattern.compile("lib/[A-Za-z0-9_]+\\.ftl");

    private final LibraryTemplateSource library;
    private final List<String> lineage;

    LibraryTemplateLoader(LibraryTemplateSource library, List<String> lineage) {
        this.library = library;
        this.lineage = List.copyOf(lineage);
    }

    @Override
    public Object findTemplateSource(String name) {
        if (!LIB_FILE.matcher(name).matches()) {
            return null;
        }
        String file = name.substring("lib/".length());
        for (String dialect : lineage) {
            var variant = library.libFile("lib/" + dialect + "/" + file);
            if (variant.isPresent()) {
                return variant.get();
            }
        }
        return library.libFile(name).orElse(null);
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
