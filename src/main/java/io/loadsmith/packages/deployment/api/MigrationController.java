package io.loadsmith.packages.deployment.api;

import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.loadsmith.export.SqlPackage;
import io.loadsmith.export.SqlPackageExporter;
import io.loadsmith.export.migration.Migration;
import io.loadsmith.generation.GenerationOptions;
import io.loadsmith.packages.deployment.MigrationService;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;

/** The migration SQL and plan from one version of a package (or what an environment runs) to another. */
@RestController
record MigrationController(MigrationService migrations, SqlPackageExporter exporter) {

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

    @GetMapping(value = "/api/v1/packages/{id}/versions/{to}/migration/sql-package", produces = "application/zip")
    @Operation(operationId = "downloadUpgradePackage", summary = "The SQL package zip of {to} for upgrading from"
            + " a version or 'deployed': migrations/<from>-to-<to>.sql first, then the loads, all in manifest.json")
    public ResponseEntity<byte[]> upgradePackage(@PathVariable long id, @PathVariable String to,
                                                 @RequestParam String from,
                                                 @RequestParam(required = false) String dialect,
                                                 @RequestParam(required = false) String environment,
                                                 @RequestParam(defaultValue = "false") boolean allowDestructive,
                                                 @RequestParam(defaultValue = "false") boolean allowFullRefresh) {
        SqlPackage sql = migrations.upgradePackage(id, from, to, dialect, environment, allowDestructive,
                GenerationOptions.of(allowFullRefresh));
        String file = sql.manifest().packageName() + "-" + to + "-" + sql.manifest().dialect() + "-upgrade.zip";
        return ResponseEntity.ok().contentType(MediaType.parseMediaType("application/zip"))
                .header(HttpHeaders.CONTENT_DISPOSITION, ContentDisposition.attachment().filename(file).build().toString())
                .body(exporter.zip(sql));
    }
}
