package io.loadsmith.template;

import java.util.List;
import java.util.Optional;

import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionTemplate;

import io.loadsmith.generation.StoreCache;
import io.loadsmith.generation.StoreChanges;
import io.loadsmith.generation.catalog.TemplateDefinition;
import io.loadsmith.generation.catalog.TemplateKind;
import io.loadsmith.generation.catalog.TemplateSource;

/**
 * Templates and transformation formulas from the metadata store, for the catalog. Definitions are
 * read once and kept until {@link StoreChanges} announces a commit that changed a template or
 * formula; FreeMarker keeps the parsed text until then too. A bean, so the application's
 * EngineSettings put it before the library.
 */
@Component
class StoreTemplateSource implements TemplateSource {

    private final LoadTemplateRepository templates;
    private final TransformationTypeRepository transformations;
    private final StoreCache<String, Optional<TemplateDefinition>> cache;
    private final TransactionTemplate reading;

    public StoreTemplateSource(LoadTemplateRepository templates, TransformationTypeRepository transformations,
                               StoreChanges changes, PlatformTransactionManager transactions) {
        this.templates = templates;
        this.transformations = transformations;
        this.cache = new StoreCache<>(changes);
        this.reading = new TransactionTemplate(transactions);
        this.reading.setReadOnly(true);
    }

    @Override
    public String describe() {
        return "store";
    }

    /**
     * Cached: every template call of every generation asks, and the answer changes only with a commit.
     * Read in a transaction of its own (a self-call would skip {@code @Transactional}): renders run on
     * the render guard's threads, where no request's session is open to load a template's parameters.
     */
    @Override
    public Optional<TemplateDefinition> find(TemplateKind kind, String name) {
        return cache.get(kind + "/" + name, key -> reading.execute(status -> read(kind, name)));
    }

    private Optional<TemplateDefinition> read(TemplateKind kind, String name) {
        return switch (kind) {
            case TEMPLATE -> templates.findByName(name).map(LoadTemplate::toDefinition);
            // A type without formulas is found too: it is a name (the catalog lets the library's formulas
            // of that name apply, and renders a run-time value where there are none).
            case FORMULA -> transformations.findByName(name).map(TransformationType::toDefinition);
            case DDL -> Optional.empty();
        };
    }

    /** Stored load templates only: formulas are listed from the library (TemplateLookup.formulas). */
    @Override
    @Transactional(readOnly = true)
    public List<String> names(TemplateKind kind) {
        return kind == TemplateKind.TEMPLATE ? templates.findAll().stream().map(LoadTemplate::getName).toList() : List.of();
    }

    @Override
    public String location(TemplateKind kind, String name, String dialect) {
        return switch (kind) {
            case TEMPLATE -> "store template '" + name + "'" + (dialect == null ? "" : " variant " + dialect);
            case FORMULA -> "store transformation type '" + name + "'" + (dialect == null ? "" : " formula " + dialect);
            case DDL -> "store (holds no DDL templates)";
        };
    }
}
