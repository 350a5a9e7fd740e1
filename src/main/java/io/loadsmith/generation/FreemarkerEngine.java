package io.loadsmith.generation;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import freemarker.core.TemplateClassResolver;
import freemarker.template.Configuration;
import freemarker.template.DefaultObjectWrapperBuilder;
import freemarker.template.Template;
import freemarker.template.TemplateException;
import freemarker.template.TemplateExceptionHandler;
import freemarker.template.Version;
import io.loadsmith.dialect.Dialect;
import io.loadsmith.library.LibraryTemplateSource;
import io.loadsmith.template.TemplateCatalog;

/**
 * One sandboxed FreeMarker configuration per dialect, built on first use and kept; parsed
 * templates are cached by FreeMarker until {@link #invalidate()} (called when a stored template or
 * formula changes). The sandbox: no {@code ?new}, no {@code ?api}, templates only from the catalog.
 */
public class FreemarkerEngine {

    static final Version VERSION = Configuration.VERSION_2_3_34;

    private final TemplateCatalog catalog;
    private final LibraryTemplateSource library;
    private final Map<String, Configuration> configurations = new ConcurrentHashMap<>();

    public FreemarkerEngine(TemplateCatalog catalog, LibraryTemplateSource library) {
        this.catalog = catalog;
        this.library = library;
    }

    public TemplateCatalog catalog() {
        return catalog;
    }

    /** Renders a catalog template ({@code templates/scd2}, {@code formulas/HASH_KEY}, ...) for a dialect. */
    public String render(Dialect dialect, String templateName, Map<String, Object> dataModel)
            throws IOException, TemplateException {
        Template template = configuration(dialect).getTemplate(templateName);
        BoundedWriter out = new BoundedWriter();
        template.process(dataModel, out);
        return tidy(out.toString());
    }

    /** Parses a text with the sandboxed configuration, e.g. to validate a template before it is saved. */
    public Template parse(Dialect dialect, String name, String text) throws IOException {
        return new Template(name, text, configuration(dialect));
    }

    public void invalidate() {
        configurations.values().forEach(Configuration::clearTemplateCache);
    }

    Configuration configuration(Dialect dialect) {
        return configurations.computeIfAbsent(dialect.name(), n -> create(dialect));
    }

    private Configuration create(Dialect dialect) {
        Configuration cfg = new Configuration(VERSION);
        cfg.setTemplateLoader(new CatalogTemplateLoader(catalog, library, dialect));
        cfg.setLocalizedLookup(false);
        cfg.setTemplateUpdateDelayMilliseconds(Long.MAX_VALUE);
        cfg.setDefaultEncoding("UTF-8");
        // FreeMarker's white-space stripping stays on (what template authors expect); columns count
        // characters so that a directive can find where it stands (see SqlDirectives).
        cfg.setTabSize(1);
        cfg.setTemplateExceptionHandler(TemplateExceptionHandler.RETHROW_HANDLER);
        cfg.setLogTemplateExceptions(false);
        cfg.setWrapUncheckedExceptions(true);
        cfg.setFallbackOnNullLoopVariable(false);
        cfg.setNumberFormat("computer");
        cfg.setBooleanFormat("c");
        // Sandbox: user templates must not reach Java.
        cfg.setNewBuiltinClassResolver(TemplateClassResolver.ALLOWS_NOTHING_RESOLVER);
        cfg.setAPIBuiltinEnabled(false);
        DefaultObjectWrapperBuilder wrapper = new DefaultObjectWrapperBuilder(VERSION);
        wrapper.setExposeFields(false);
        cfg.setObjectWrapper(wrapper.build());
        return cfg;
    }

    /**
     * Runs of two or more blank lines (left by directive-only lines) become one empty line; a
     * single blank line stays as written; ends are trimmed. A scan, not a regex: it runs over all
     * output of every load (it showed in export profiles).
     */
    static String tidy(String text) {
        StringBuilder out = new StringBuilder(text.length());
        int lineStart = 0;
        int blankRunStart = -1;
        int blanks = 0;
        while (lineStart <= text.length()) {
            int newline = text.indexOf('\n', lineStart);
            int lineEnd = newline < 0 ? text.length() : newline;
            if (isBlank(text, lineStart, lineEnd) && newline >= 0) {
                if (blanks++ == 0) {
                    blankRunStart = lineStart;
                }
            } else {
                if (blanks == 1) {
                    out.append(text, blankRunStart, lineStart);
                } else if (blanks > 1) {
                    out.append('\n');
                }
                blanks = 0;
                out.append(text, lineStart, lineEnd);
                if (newline >= 0) {
                    out.append('\n');
                }
            }
            if (newline < 0) {
                break;
            }
            lineStart = newline + 1;
        }
        return out.toString().strip();
    }

    private static boolean isBlank(String text, int from, int to) {
        for (int i = from; i < to; i++) {
            char c = text.charAt(i);
            if (c != ' ' && c != '\t' && c != '\r') {
                return false;
            }
        }
        return true;
    }

    static UncheckedIOException unchecked(IOException e) {
        return new UncheckedIOException(e);
    }
}
