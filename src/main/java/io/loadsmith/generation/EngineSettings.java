package io.loadsmith.generation;

import java.util.ArrayList;
import java.util.List;

import io.loadsmith.generation.catalog.TemplateSource;

/**
 * Everything besides the model that decides the SQL the engine writes: the project's full-refresh
 * policies, the stored datatype mappings and the template sources searched before the shipped
 * library. Preview, draft preview, export, migration and the command line all hand one of these
 * to {@link EngineFactory}, so they cannot drift apart.
 */
public record EngineSettings(FullRefreshSettings fullRefresh, DatatypeOverrides datatypes,
                             List<TemplateSource> templates) {

    public EngineSettings {
        fullRefresh = fullRefresh == null ? FullRefreshSettings.defaults() : fullRefresh;
        datatypes = datatypes == null ? DatatypeOverrides.none() : datatypes;
        templates = templates == null ? List.of() : List.copyOf(templates);
    }

    /** The seed's full-refresh defaults, no datatype overrides, the library only. */
    public static EngineSettings defaults() {
        return new EngineSettings(null, null, null);
    }

    public EngineSettings withFullRefresh(FullRefreshSettings policies) {
        return new EngineSettings(policies, datatypes, templates);
    }

    /** {@code first} is searched before this settings' sources (a draft in front of the store). */
    public EngineSettings withTemplatesFirst(TemplateSource first) {
        List<TemplateSource> sources = new ArrayList<>();
        sources.add(first);
        sources.addAll(templates);
        return new EngineSettings(fullRefresh, datatypes, sources);
    }

    /**
     * A package document brings its own templates and datatype mappings, so that a version renders
     * the same bytes later whatever happens to the store; only the project's policies stay.
     */
    public EngineSettings forPackage(TemplateSource document, DatatypeOverrides documentDatatypes) {
        return new EngineSettings(fullRefresh, documentDatatypes, List.of(document));
    }
}
