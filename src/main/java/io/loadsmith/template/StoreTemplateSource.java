package io.loadsmith.template;

import java.util.Optional;

import org.springframework.transaction.annotation.Transactional;

/**
 * Templates and transformation formulas from the metadata store, for the catalog. Each lookup
 * reads the store (in its own read-only transaction); FreeMarker keeps the parsed text until
 * {@code FreemarkerEngine#invalidate()}.
 */
public class StoreTemplateSource implements TemplateSource {

    private final LoadTemplateRepository templates;
    private final TransformationTypeRepository transformations;

    public StoreTemplateSource(LoadTemplateRepository templates, TransformationTypeRepository transformations) {
        this.templates = templates;
        this.transformations = transformations;
    }

    @Override
    public String describe() {
        return "store";
    }

    @Override
    @Transactional(readOnly = true)
    public Optional<TemplateDefinition> find(TemplateKind kind, String name) {
        return switch (kind) {
            case TEMPLATE -> templates.findByName(name).map(LoadTemplate::toDefinition);
            case FORMULA -> transformations.findByName(name).filter(TransformationType::hasFormulas)
                    .map(TransformationType::toDefinition);
            case DDL -> Optional.empty();
        };
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
