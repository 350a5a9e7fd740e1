package io.loadsmith.load;

import java.util.Map;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.entity.StoredEntityDdl;
import io.loadsmith.environment.EnvironmentService;
import io.loadsmith.exchange.InvalidPackageException;
import io.loadsmith.export.SqlPackageExporter;
import io.loadsmith.export.migration.DestructiveMigrationException;
import io.loadsmith.export.migration.MigrationNotExpressibleException;
import io.loadsmith.export.migration.Migrations;
import io.loadsmith.generation.GenerationOptions;
import io.loadsmith.generation.GeneratedLoad;
import io.loadsmith.generation.LoadSqlGenerator;
import io.loadsmith.generation.StoreCache;
import io.loadsmith.generation.StoreChanges;
import io.loadsmith.generation.model.GenerationException;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.NotFoundException;

/**
 * The one front door to generation: the load, template and entity pages, the REST API's {@code /sql},
 * {@code /ddl}, SQL package export and migrations, try-it, lineage and the command line say what to generate ({@link GenerationRequest});
 * the dialect and environment are checked here, once, before anything is read, and a failure comes back
 * as one {@link GenerationResult.Problem}. A package's environment is one of its document's (checked by
 * the exporter as it reads the document), the others' one of the store's.
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
    private final StoredEntityDdl ddl;
    private final SqlPackageExporter packages;
    private final Migrations migrations;
    private final StoreCache<Previewed, GeneratedLoad> previews;

    /**
     * What a preview generated, by all it was generated from: the load as read (its entities and
     * attributes, steps, mappings and formulas' names), the dialect and the environment's variables.
     * The templates, formulas and datatype mappings are the store's, which the cache is dropped with.
     */
    private record Previewed(LoadModel load, String dialect, Map<String, String> variables) {
    }

    /** Bounded: a few loads' previews in a few dialects and environments each. */
    private static final int PREVIEWS = 256;

    @Autowired
    public Generation(DialectRegistry dialects, EnvironmentService environments, LoadModelAssembler assembler,
                      LoadSqlGenerator generator, DraftTemplatePreview templates, StoredEntityDdl ddl,
                      SqlPackageExporter packages, Migrations migrations, StoreChanges changes) {
        this(dialects, environments, assembler, generator, templates, ddl, packages, migrations,
                changes == null ? null : new StoreCache<>(changes, PREVIEWS));
    }

    private Generation(DialectRegistry dialects, EnvironmentService environments, LoadModelAssembler assembler,
                       LoadSqlGenerator generator, DraftTemplatePreview templates, StoredEntityDdl ddl,
                       SqlPackageExporter packages, Migrations migrations, StoreCache<Previewed, GeneratedLoad> previews) {
        this.previews = previews;
        this.dialects = dialects;
        this.environments = environments;
        this.assembler = assembler;
        this.generator = generator;
        this.templates = templates;
        this.ddl = ddl;
        this.packages = packages;
        this.migrations = migrations;
    }

    /**
     * The command line's front door: no server and no store, so only the kinds that read package documents;
     * the others say they need the store.
     */
    public static Generation withoutStore(DialectRegistry dialects, SqlPackageExporter packages, Migrations migrations) {
        return new Generation(dialects, null, null, null, null, null, packages, migrations,
                (StoreCache<Previewed, GeneratedLoad>) null);
    }

    public <T> GenerationResult<T> generate(GenerationRequest<T> request) {
        String dialect = request.dialect() == null ? dialects.defaultName() : dialects.get(request.dialect()).name();
        String environment = request.environment();
        boolean ofThePackage = request instanceof GenerationRequest.PackageSql || request instanceof GenerationRequest.PackageZip
                || request instanceof GenerationRequest.PackageMigration;
        Map<String, String> variables = environment == null || ofThePackage ? Map.of() : environments.variables(environment);
        try {
            @SuppressWarnings("unchecked") // each request kind generates its own T, as generated() pairs them
            T generated = (T) generated(request, dialect, variables);
            return new GenerationResult<>(dialect, environment, generated, null);
        } catch (GenerationException | InvalidRequestException | NotFoundException | InvalidPackageException
                 | DestructiveMigrationException | MigrationNotExpressibleException e) {
            return GenerationResult.failed(dialect, environment, e);
        }
    }

    /**
     * What could not even be asked (a form that is no request yet) as a failed result, for the dialect
     * and environment checked as {@link #generate} checks them.
     */
    public <T> GenerationResult<T> refused(String dialect, String environment, RuntimeException why) {
        String chosen = dialect == null ? dialects.defaultName() : dialects.get(dialect).name();
        if (environment != null) {
            environments.check(environment);
        }
        return GenerationResult.failed(chosen, environment, why);
    }

    private Object generated(GenerationRequest<?> request, String dialect, Map<String, String> variables) {
        if (request instanceof GenerationRequest.PackageSql pkg) {
            return packages.build(pkg.document(), pkg.version(), dialect, pkg.environment(), pkg.options(), pkg.loads());
        }
        if (request instanceof GenerationRequest.PackageZip zip) {
            return packages.deflated(zip.document(), zip.version(), dialect, zip.environment(), zip.options());
        }
        if (request instanceof GenerationRequest.PackageMigration migration) {
            return migrations.migrate(migration.from(), migration.fromLabel(), migration.to(), migration.toLabel(),
                    dialect, migration.allowDestructive());
        }
        if (generator == null) {
            throw new IllegalStateException("Only a package document generates without the store");
        }
        if (request instanceof GenerationRequest.StoredLoad stored) {
            return generator.generate(assembler.assemble(stored.loadId()), dialect, variables, stored.options());
        }
        if (request instanceof GenerationRequest.ReadLoad read) {
            // The preview asks again on every keystroke and dialect switch, mostly for what it just saw.
            return previews.get(new Previewed(read.load(), dialect, variables),
                    p -> generator.generate(p.load(), p.dialect(), p.variables(), GenerationOptions.NONE));
        }
        if (request instanceof GenerationRequest.DraftLoad draft) {
            if (draft.draft().target() == null || draft.draft().target().isBlank()) {
                throw new NotFoundException("Choose a target entity to see the SQL.");
            }
            return generator.generate(assembler.assemble(draft.draft()), dialect, variables, GenerationOptions.NONE);
        }
        if (request instanceof GenerationRequest.EntityDdl entity) {
            return ddl.createTable(entity.entityId(), dialect);
        }
        GenerationRequest.DraftTemplate template = (GenerationRequest.DraftTemplate) request;
        return templates.generate(template.loadId(), dialect, template.templateName(), template.parameters(),
                template.variants());
    }
}
