package io.loadsmith.generation;

import java.io.Reader;
import java.io.StringReader;

import freemarker.cache.TemplateLoader;
import io.loadsmith.dialect.Dialect;
import io.loadsmith.library.LibraryTemplateSource;
import io.loadsmith.template.ResolvedVariant;
import io.loadsmith.template.TemplateCatalog;
import io.loadsmith.template.TemplateKind;
import io.loadsmith.template.TemplateNotFoundException;

/**
 * Serves FreeMarker the text for one dialect. Names are {@code <kind>/<name>} (resolved through
 * the catalog and the dialect's lineage) or {@code lib/<file>.ftl} (shared includes of the
 * library). Nothing else is readable: no file system, no class path beyond the library.
 */
final class CatalogTemplateLoader implements TemplateLoader {

    private final TemplateCatalog catalog;
    private final LibraryTemplateSource library;
    private final Dialect dialect;

    CatalogTemplateLoader(TemplateCatalog catalog, LibraryTemplateSource library, Dialect dialect) {
        this.catalog = catalog;
        this.library = library;
        this.dialect = dialect;
    }

    @Override
    public Object findTemplateSource(String name) {
        if (name.startsWith("lib/")) {
            return library.libFile(name).orElse(null);
        }
        int slash = name.indexOf('/');
        TemplateKind kind = slash < 0 ? null : TemplateKind.ofFolder(name.substring(0, slash));
        if (kind == null) {
            return null;
        }
        try {
            ResolvedVariant variant = catalog.resolve(kind, name.substring(slash + 1), dialect);
            return variant.body();
        } catch (TemplateNotFoundException e) {
            return null;
        }
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
