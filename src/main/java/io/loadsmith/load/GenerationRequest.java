package io.loadsmith.load;

import java.util.List;
import java.util.Map;

import io.loadsmith.generation.GenerationOptions;
import io.loadsmith.generation.catalog.ParameterDefinition;

/**
 * What to generate, for which dialect and environment: the one input of {@link Generation}.
 * A null dialect is the default one, a null environment none; any other name must exist (blank
 * included, as the REST API has always refused {@code ?dialect=}). Pages turn a blank choice into
 * null with {@link #choice}.
 */
public sealed interface GenerationRequest {

    String dialect();

    String environment();

    /** A page's select: blank means "not chosen". */
    static String choice(String name) {
        return name == null || name.isBlank() ? null : name;
    }

    /** A saved load; {@code options} carries the caller's confirmation of full refreshes. */
    record StoredLoad(long loadId, String dialect, String environment, GenerationOptions options)
            implements GenerationRequest {

        public StoredLoad {
            options = options == null ? GenerationOptions.NONE : options;
        }

        public StoredLoad(long loadId, String dialect, String environment) {
            this(loadId, dialect, environment, GenerationOptions.NONE);
        }
    }

    /** A load as a form has it, before it is saved: nothing is stored. */
    record DraftLoad(LoadRequest draft, String dialect, String environment) implements GenerationRequest {
    }

    /**
     * A saved load as it would be if a template had the editor's text (the load gets a call of it when
     * it has none); without environment, as the template page has always shown it.
     */
    record DraftTemplate(long loadId, String dialect, String templateName, List<ParameterDefinition> parameters,
                         Map<String, String> variants) implements GenerationRequest {

        public DraftTemplate {
            parameters = List.copyOf(parameters);
            variants = Map.copyOf(variants);
        }

        @Override
        public String environment() {
            return null;
        }
    }
}
