package io.loadsmith.deployment.api;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.loadsmith.deployment.Migration;
import io.loadsmith.deployment.MigrationService;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;

/** The migration SQL and plan from one version of a package (or what an environment runs) to another. */
@RestController
public class MigrationController {

    private final MigrationService migrations;

    public MigrationController(MigrationService migrations) {
        this.migrations = migrations;
    }

    @GetMapping("/api/v1/packages/{id}/versions/{to}/migration")
    @Operation(operationId = "getMigration", summary = "Migration SQL and plan from a version, 'working' or 'deployed'"
            + " to {to} (a version or 'working'); destructive changes are refused unless allowed")
    public Migration migration(@PathVariable long id, @PathVariable String to,
                               @Parameter(description = "a version number, 'working', or 'deployed' (with environment)")
                               @RequestParam String from,
                               @Parameter(description = "required unless from=deployed (then the deployment's dialect)")
                               @RequestParam(required = false) String dialect,
                               @RequestParam(required = false) String environment,
                               @Parameter(description = "Allows drops, narrowing type changes, key changes of history"
                                       + " tables and rebuilds that carry them")
                               @RequestParam(defaultValue = "false") boolean allowDestructive) {
        return migrations.migration(id, from, to, dialect, environment, allowDestructive);
    }
}
