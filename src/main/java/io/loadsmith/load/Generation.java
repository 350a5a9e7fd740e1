package io.loadsmith.load;

import java.util.Map;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.environment.EnvironmentService;
import io.loadsmith.generation.GeneratedLoad;
import io.loadsmith.generation.GenerationException;
import io.loadsmith.generation.GenerationOptions;
import io.loadsmith.generation.LoadSqlGenerator;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.NotFoundException;

/**
 * The one front door to generating a load's SQL: the load and template pages, the REST API's
 * {@code /sql}, try-it and lineage say what to generate ({@link GenerationRequest}); the dialect and environment are checked here,
 * once, before anything is read, and a failure comes back as one {@link GenerationResult.Problem}.
 * An unknown dialect or environment is thrown, not returned: it is the caller's request that is
 * wrong, not the load. Renders run outside any transaction: a render may take up to its time limit
 * and must not hold a database connection meanwhile (slow renders would starve the pool).
 */
@Service
@Transactional(propagation = Propagation.NOT_SUPPORTED)
public class Generation {

    private final DialectRegistry dialects;
    private final EnvironmentService environments;
    private final LoadModelAssembler assembler;
    private final LoadSqlGenerator generator;
    private final DraftTemplatePreview templates;

    public Generation(DialectRegistry dialects, EnvironmentService environments, LoadModelAssembler assembler,
                      LoadSqlGenerator generator, DraftTemplatePreview templates) {
        this.dialects = dialects;
        this.environments = environments;
        this.assembler = assembler;
        this.generator = generator;
        this.templates = templates;
    }

    public GenerationResult generate(GenerationRequest request) {
        String dialect = request.dialect() == null ? dialects.defaultName() : dialects.get(request.dialect()).name();
        String environment = request.environment();
        Map<String, String> variables = environment == null ? Map.of() : environments.variables(environment);
        try {
            return new GenerationResult(dialect, environment, generated(request, dialect, variables), null);
        } catch (GenerationException | InvalidRequestException | NotFoundException e) {
            return GenerationResult.failed(dialect, environment, e);
        }
    }

    /**
     * What could not even be asked (a form that is no request yet) as a failed result, for the dialect
     * and environment checked as {@link #generate} checks them.
     */
    public GenerationResult refused(String dialect, String environment, RuntimeException why) {
        String chosen = dialect == null ? dialects.defaultName() : dialects.get(dialect).name();
        if (environment != null) {
            environments.check(environment);
        }
        return GenerationResult.failed(chosen, environment, why);
    }

    private GeneratedLoad generated(GenerationRequest request, String dialect, Map<String, String> variables) {
        if (request instanceof GenerationRequest.StoredLoad stored) {
            return generator.generate(assembler.assemble(stored.loadId()), dialect, variables, stored.options());
        }
        if (request instanceof GenerationRequest.DraftLoad draft) {
            if (draft.draft().target() == null || draft.draft().target().isBlank()) {
                throw new NotFoundException("Choose a target entity to see the SQL.");
            }
            return generator.generate(assembler.assemble(draft.draft()), dialect, variables, GenerationOptions.NONE);
        }
        GenerationRequest.DraftTemplate template = (GenerationRequest.DraftTemplate) request;
        return templates.generate(template.loadId(), dialect, template.templateName(), template.parameters(),
                template.variants());
    }
}
