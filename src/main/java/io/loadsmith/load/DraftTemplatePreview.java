package io.loadsmith.load;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.generation.FreemarkerEngine;
import io.loadsmith.generation.GeneratedLoad;
import io.loadsmith.generation.LoadSqlGenerator;
import io.loadsmith.generation.ModelLocalizer;
import io.loadsmith.generation.RenderGuard;
import io.loadsmith.generation.catalog.LibraryTemplateSource;
import io.loadsmith.generation.catalog.ParameterDefinition;
import io.loadsmith.generation.catalog.TemplateCatalog;
import io.loadsmith.generation.catalog.TemplateDefinition;
import io.loadsmith.generation.catalog.TemplateKind;
import io.loadsmith.generation.catalog.TemplateSandbox;
import io.loadsmith.generation.catalog.TemplateSource;
import io.loadsmith.template.StoreTemplateSource;

/**
 * Generates a load as it would be if a template had the text in the editor, before it is saved: the
 * draft stands in front of the store and the library, in a catalog and sandboxed engine of its own,
 * so nothing the application uses sees it. The generator is the application's, unchanged.
 */
@Service
// The model is read by the assembler in its own transaction; the render holds no connection.
@Transactional(propagation = org.springframework.transaction.annotation.Propagation.NOT_SUPPORTED)
public class DraftTemplatePreview {

    private final StoreTemplateSource store;
    private final LibraryTemplateSource library;
    private final DialectRegistry dialects;
    private final ModelLocalizer localizer;
    private final LoadModelAssembler assembler;
    private final RenderGuard guard;

    public DraftTemplatePreview(StoreTemplateSource store, LibraryTemplateSource library, DialectRegistry dialects,
                                ModelLocalizer localizer, LoadModelAssembler assembler, RenderGuard guard) {
        this.guard = guard;
        this.store = store;
        this.library = library;
        this.dialects = dialects;
        this.localizer = localizer;
        this.assembler = assembler;
    }

    /** Throws GenerationException (with template, line and column) like the saved template would. */
    public GeneratedLoad generate(long loadId, String dialect, String templateName, List<ParameterDefinition> parameters,
                                  Map<String, String> variants) {
        // The same early, friendly refusal as a save; the engine's configuration enforces it regardless.
        variants.forEach((variant, text) -> TemplateSandbox.check(templateName, variant, text));
        TemplateDefinition draft = new TemplateDefinition(TemplateKind.TEMPLATE, templateName, null, parameters, variants,
                "draft");
        TemplateSource source = new TemplateSource() {
            @Override
            public String describe() {
                return "editor";
            }

            @Override
            public Optional<TemplateDefinition> find(TemplateKind kind, String name) {
                return kind == TemplateKind.TEMPLATE && name.equals(templateName) ? Optional.of(draft) : Optional.empty();
            }

            @Override
            public String location(TemplateKind kind, String name, String variant) {
                return "the editor's text of " + name + (variant == null ? "" : " (" + variant + ")");
            }
        };
        FreemarkerEngine engine = new FreemarkerEngine(new TemplateCatalog(List.of(source, store, library)), library, guard);
        return new LoadSqlGenerator(engine, dialects, localizer).generate(assembler.assemble(loadId), dialect, Map.of());
    }
}
