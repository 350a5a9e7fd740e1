package io.loadsmith.packages.api;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;

import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

import io.loadsmith.exchange.PackageDocument;
import io.loadsmith.exchange.PackageJson;
import io.loadsmith.export.DeflatedPackage;
import io.loadsmith.export.SqlPackage;
import io.loadsmith.export.SqlPackageExporter;
import io.loadsmith.generation.GenerationOptions;
import io.loadsmith.generation.call.SqlComments;
import io.loadsmith.names.Names;
import io.loadsmith.packages.PackageDiff;
import io.loadsmith.packages.PackageImporter;
import io.loadsmith.packages.PackageVersionService.VersionInfo;
import io.loadsmith.packages.PackageVersionService;
import io.loadsmith.paging.ListPages;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.NotFoundException;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.validation.Valid;

/**
 * Versions of a package for deployment tooling: commit, list, read, compare, restore, and the
 * generated SQL of a version. {@code {version}} is a number or "working" (the uncommitted state).
 */
@RestController
@RequestMapping("/api/v1/packages/{id}/versions")
record PackageVersionController(PackageVersionService versions, SqlPackageExporter exporter) {

    private static final MediaType ZIP = MediaType.parseMediaType("application/zip");
    static final String ALLOW_DOC = "Confirms full refreshes of history tables whose effective policy is"
            + " require_confirmation; never overrides deny";

    @GetMapping
    @Operation(operationId = "listPackageVersions",
            summary = "Committed versions, newest first, paged like every list (X-Total-Count, Link)")
    public List<VersionInfo> list(@PathVariable long id, @RequestParam(defaultValue = "0") int page,
                                  @RequestParam(defaultValue = "" + ListPages.DEFAULT_SIZE) int size,
                                  HttpServletResponse response) {
        return ListPages.page(versions.list(id, ListPages.request(page, size)), response);
    }

    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    @Operation(operationId = "commitPackage", summary = "Commit the working state as the next version")
    public VersionInfo commit(@PathVariable long id, @Valid @RequestBody CommitRequest request) {
        if (request.author() != null) {
            throw InvalidRequestException.of("author", request.author(), "is not accepted: a commit's author is the "
                    + "signed-in user, or the owner of the token; leave author out");
        }
        return versions.commit(id, request.message());
    }

    @GetMapping(value = "/{version}", produces = MediaType.APPLICATION_JSON_VALUE)
    @Operation(operationId = "getPackageDocument", summary = "The package JSON of a version (canonical bytes)")
    public ResponseEntity<byte[]> document(@PathVariable long id, @PathVariable String version) {
        PackageDocument document = versions.document(id, version);
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON)
                .header(HttpHeaders.CONTENT_DISPOSITION, ContentDisposition.inline()
                        .filename(Names.fileName(document.name() + "-" + version) + ".json").build().toString())
                .body(PackageJson.write(document));
    }

    @GetMapping("/{version}/diff/{other}")
    @Operation(operationId = "diffPackageVersions",
            summary = "Changes from {version} to {other}: objects, and with a dialect the generated SQL as unified diffs")
    public PackageDiff diff(@PathVariable long id, @PathVariable String version, @PathVariable String other,
                            @RequestParam(required = false) String dialect) {
        return versions.diff(id, version, other, dialect);
    }

    @PostMapping("/{version}/restore")
    @Operation(operationId = "restorePackageVersion", summary = "Make a committed version the working state again")
    public PackageImporter.Result restore(@PathVariable long id, @PathVariable String version) {
        return versions.restore(id, version);
    }

    @GetMapping(value = "/{version}/sql-package", produces = "application/zip")
    @Operation(operationId = "downloadSqlPackage",
            summary = "The SQL package zip: DDL, one file per load, manifest.json; byte-identical for the same input")
    @ApiResponse(responseCode = "200", description = "OK",
            content = @Content(mediaType = "application/zip", schema = @Schema(type = "string", format = "byte")))
    public void sqlPackage(@PathVariable long id, @PathVariable String version,
                           @RequestParam String dialect,
                           @RequestParam(required = false) String environment,
                           @Parameter(description = ALLOW_DOC) @RequestParam(defaultValue = "false") boolean allowFullRefresh,
                           HttpServletResponse response) throws IOException {
        // Generated (and deflated) whole first: a load that cannot generate is a problem answer (4xx) before any byte.
        DeflatedPackage sql = versions.deflatedPackage(id, version, dialect, environment,
                GenerationOptions.of(allowFullRefresh));
        String file = Names.fileName(sql.manifest().packageName() + "-" + version + "-" + sql.manifest().dialect()) + ".zip";
        response.setStatus(HttpStatus.OK.value());
        response.setContentType(ZIP.toString());
        response.setHeader(HttpHeaders.CONTENT_DISPOSITION, ContentDisposition.attachment().filename(file).build().toString());
        // Then streamed: the zip is never held whole (issue 18.5).
        exporter.writeZip(sql, response.getOutputStream());
    }

    @GetMapping(value = "/{version}/sql", produces = MediaType.TEXT_PLAIN_VALUE)
    @Operation(operationId = "getPackageSql", summary = "All SQL of a version in run order, each file under a header")
    public String packageSql(@PathVariable long id, @PathVariable String version, @RequestParam String dialect,
                             @RequestParam(required = false) String environment,
                             @Parameter(description = ALLOW_DOC) @RequestParam(defaultValue = "false") boolean allowFullRefresh) {
        return versions.sqlPackage(id, version, dialect, environment, GenerationOptions.of(allowFullRefresh), load -> true)
                .files().stream()
                .map(f -> "-- " + SqlComments.text(f.path()) + "\n" + f.content())
                .collect(Collectors.joining("\n"));
    }

    @GetMapping(value = "/{version}/loads/{load}/sql", produces = MediaType.TEXT_PLAIN_VALUE)
    @Operation(operationId = "getVersionLoadSql", summary = "The generated SQL of one load of a version")
    public String loadSql(@PathVariable long id, @PathVariable String version, @PathVariable String load,
                          @RequestParam String dialect, @RequestParam(required = false) String environment,
                          @Parameter(description = ALLOW_DOC) @RequestParam(defaultValue = "false") boolean allowFullRefresh) {
        return file(versions.sqlPackage(id, version, dialect, environment, GenerationOptions.of(allowFullRefresh),
                load::equals), "load", load, "load '" + load + "'");
    }

    @GetMapping(value = "/{version}/entities/{entity}/ddl", produces = MediaType.TEXT_PLAIN_VALUE)
    @Operation(operationId = "getVersionEntityDdl", summary = "The CREATE TABLE of one entity (schema.name) of a version")
    public String entityDdl(@PathVariable long id, @PathVariable String version, @PathVariable String entity,
                            @RequestParam String dialect) {
        return file(versions.sqlPackage(id, version, dialect, null, GenerationOptions.NONE, load -> false),
                "ddl", entity, "entity '" + entity + "'");
    }

    private static String file(SqlPackage sql, String kind, String object, String what) {
        return sql.files().stream().filter(f -> f.kind().equals(kind) && f.object().equals(object)).findFirst().map(SqlPackage.File::content)
                .orElseThrow(() -> new NotFoundException("Version " + sql.manifest().version() + " of package '"
                        + sql.manifest().packageName() + "' has no " + what + "."));
    }

}
