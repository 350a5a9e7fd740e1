package io.loadsmith.generation.render;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import freemarker.cache.TemplateNameFormat;
import freemarker.core.Environment;
import freemarker.core.ParseException;
import freemarker.core.TemplateClassResolver;
import freemarker.core._CoreAPI;
import freemarker.template.Configuration;
import freemarker.template.DefaultObjectWrapperBuilder;
import freemarker.template.Template;
import freemarker.template.TemplateException;
import freemarker.template.TemplateExceptionHandler;
import freemarker.template.Version;
import io.loadsmith.dialect.Dialect;
import io.loadsmith.generation.catalog.LibraryTemplateSource;
import io.loadsmith.generation.catalog.TemplateCatalog;
import io.loadsmith.generation.catalog.TemplateKind;
import io.loadsmith.generation.context.ModelObjectWrapper;
import io.loadsmith.generation.context.TemplateApiException;

/**
 * The one place where FreeMarker is configured, for saved, draft, imported and library text alike.
 * The sandbox is a property of this configuration, not of what a text looks like:
 * <ul>
 * <li>members: {@link TemplateMemberPolicy} (record components only; no Java method by any syntax),
 *     no {@code ?api}, no class for {@code ?new};</li>
 * <li>includes: {@link LibraryTemplateLoader} serves {@code lib/*.ftl} (by the dialect's lineage,
 *     {@code lib/<dialect>/*.ftl} first) and nothing else, after
 *     FreeMarker's normalisation, so no path or {@code .get_optional_template} reaches other text;</li>
 * <li>structure: {@link TemplateStructure} at parse and at run time ({@code <#attempt>} would put
 *     engine messages into SQL);</li>
 * <li>limits: every render runs on the {@link RenderGuard}'s threads under its budgets (processor
 *     time, allocation, nesting), and stops itself at an element boundary when asked (FreeMarker's
 *     interruption checks put one in every loop body); what one element can do is bounded by
 *     {@link TemplateBounds}. Parsing is no render: bounded by the text's size, under no deadline.</li>
 * </ul>
 * Top-level templates and formulas are resolved through the catalog and parsed once per dialect,
 * kept until {@link #invalidate()} (called when a stored template or formula changes).
 */
public class FreemarkerEngine {

    static final Version VERSION = Configuration.VERSION_2_3_34;

    private final TemplateCatalog catalog;
    private final LibraryTemplateSource library;
    private final RenderGuard guard;
    private final Map<String, Configuration> configurations = new ConcurrentHashMap<>();
    private final ClearableValues<String, Template> parsed = new ClearableValues<>();

    public FreemarkerEngine(TemplateCatalog catalog, LibraryTemplateSource library) {
        this(catalog, library, RenderGuard.shared());
    }

    public FreemarkerEngine(TemplateCatalog catalog, LibraryTemplateSource library, RenderGuard guard) {
        this.catalog = catalog;
        this.library = library;
        this.guard = guard;
    }

    public TemplateCatalog catalog() {
        return catalog;
    }

    /** Elements entered: the guard's stop flag and nesting, then the structure rules. */
    private static final freemarker.core.TemplateProcessingTracer TRACER = RenderGuard.tracer(TemplateStructure.TRACER);

    /**
     * Runs work that renders (a load's steps, a table's DDL) as one render: on a render thread, under
     * one budget; renders inside it run where they are.
     */
    public <T> T guarded(RenderGuard.Work<T> work) {
        try {
            return guard.run(work);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Renders a catalog template ({@code templates/scd2}, {@code formulas/HASH_KEY}, ...) for a dialect. */
    public String render(Dialect dialect, String templateName, Map<String, Object> dataModel)
            throws IOException, TemplateException {
        try {
            return guard.run(() -> {
                Template template = template(dialect, templateName);
                BoundedWriter out = new BoundedWriter();
                Environment environment = template.createProcessingEnvironment(dataModel, out);
                environment.setTemplateProcessingTracer(TRACER);
                environment.process();
                return tidy(out.toString());
            });
        } catch (IOException | TemplateException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Parses a text with the sandboxed configuration, e.g. to validate a template before it is
     * saved: FreeMarker's syntax, then the structure rules and bounds. Not a render: on the caller's
     * thread and under no deadline (a busy machine must not refuse a valid text); its cost is bounded
     * by the text's size, which the caller limits.
     */
    public Template parse(Dialect dialect, String name, String text) throws IOException {
        try {
            return prepared(new Template(name, text, configuration(dialect)));
        } catch (StackOverflowError e) {
            throw new RenderGuard.Stopped("The template nests expressions or directives too deeply to be read.");
        }
    }

    public void invalidate() {
        parsed.clear();
        configurations.values().forEach(Configuration::clearTemplateCache);
    }

    private Template template(Dialect dialect, String name) throws Exception {
        String key = dialect.name() + ":" + name;
        Template cached = parsed.get(key);
        if (cached != null) {
            return cached;
        }
        long stamp = parsed.stamp();
        // The catalog may read the metadata store: a render is only ever stopped between elements, never here.
        String text = resolve(dialect, name);
        Template template = guard.unmetered(() -> prepared(new Template(name, text, configuration(dialect))));
        return parsed.keep(key, template, stamp);
    }

    private String resolve(Dialect dialect, String name) {
        int slash = name.indexOf('/');
        TemplateKind kind = slash < 0 ? null : TemplateKind.ofFolder(name.substring(0, slash));
        if (kind == null) {
            throw new TemplateApiException("There is no template '" + name + "'.");
        }
        return catalog.resolve(kind, name.substring(slash + 1), dialect).body();
    }

    private static Template prepared(Template template) throws ParseException {
        TemplateStructure.check(template);
        TemplateBounds.check(template);
        // An element in every loop body, so that even an empty loop passes the guard's check each round.
        _CoreAPI.addThreadInterruptedChecks(template);
        return template;
    }

    Configuration configuration(Dialect dialect) {
        return configurations.computeIfAbsent(dialect.name(), n -> create(dialect));
    }

    private Configuration create(Dialect dialect) {
        Configuration cfg = new Configuration(VERSION);
        cfg.setTemplateLoader(new LibraryTemplateLoader(library, dialect.lineage()));
        cfg.setTemplateNameFormat(TemplateNameFormat.DEFAULT_2_4_0);
        cfg.setLocalizedLookup(false);
        cfg.setTemplateUpdateDelayMilliseconds(Long.MAX_VALUE);
        cfg.setDefaultEncoding("UTF-8");
        // FreeMarker's white-space stripping stays on (what template authors expect); columns count
        // characters so that a directive can find where it stands (see SqlDirectives).
        cfg.setTabSize(1);
        cfg.setTemplateExceptionHandler(TemplateExceptionHandler.RETHROW_HANDLER);
        cfg.setAttemptExceptionReporter((e, env) -> { });
        cfg.setLogTemplateExceptions(false);
        cfg.setWrapUncheckedExceptions(true);
        cfg.setFallbackOnNullLoopVariable(false);
        cfg.setNumberFormat("computer");
        cfg.setBooleanFormat("c");
        cfg.setNewBuiltinClassResolver(TemplateClassResolver.ALLOWS_NOTHING_RESOLVER);
        cfg.setAPIBuiltinEnabled(false);
        DefaultObjectWrapperBuilder wrapper = new DefaultObjectWrapperBuilder(VERSION);
        wrapper.setExposeFields(false);
        wrapper.setMemberAccessPolicy(TemplateMemberPolicy.INSTANCE);
        cfg.setObjectWrapper(new ModelObjectWrapper(wrapper));
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
