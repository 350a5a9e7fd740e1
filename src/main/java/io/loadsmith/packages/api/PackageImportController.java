package io.loadsmith.packages.api;

import java.io.IOException;
import java.util.List;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import io.loadsmith.exchange.AdeConfigPackages;
import io.loadsmith.exchange.PackageJson;
import io.loadsmith.packages.AdeBatchImport;
import io.loadsmith.packages.PackageImporter;
import io.loadsmith.problem.PayloadTooLargeException;
import io.loadsmith.problem.RefusedBody;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.servlet.http.HttpServletRequest;

/**
 * Imports, all or nothing: a Loadsmith package JSON, or a configuration package of the
 * commercial tool. The body is read with a size limit before it is parsed.
 */
@RestController
@RequestMapping("/api/v1/packages/import")
record PackageImportController(PackageImporter importer, AdeBatchImport batch) {

    /** What an import of a commercial-tool package did, and what it passed over. */
    public record AdeImportResult(PackageImporter.Result result, List<String> skipped) {
    }

    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    @Operation(operationId = "importPackage",
            summary = "Make a package's working state equal to a package JSON; every problem is reported with its JSON path")
    public PackageImporter.Result importPackage(HttpServletRequest request) throws IOException {
        return importer.apply(PackageJson.read(body(request)));
    }

    @PostMapping(value = "/ade", consumes = MediaType.APPLICATION_JSON_VALUE)
    @Operation(operationId = "importAdeConfigPackage",
            summary = "Import CONFIG_ENTITY_DEFAULTS, CONFIG_LOAD_TRANSFORMATIONS or CONFIG_LOAD_TEMPLATES")
    public AdeImportResult importAde(HttpServletRequest request) throws IOException {
        AdeConfigPackages.Imported imported = AdeConfigPackages.read(body(request));
        return new AdeImportResult(importer.apply(imported.document()), imported.skipped());
    }

    @PostMapping(value = "/ade/batch", consumes = MediaType.APPLICATION_JSON_VALUE)
    @Operation(operationId = "importAdeConfigPackages",
            summary = "Import several configuration packages (a JSON array) in the order of their packageDependencies,"
                    + " all or nothing; a dependency neither in the request nor in the store is refused before anything is written")
    public AdeBatchImport.Report importAdeBatch(HttpServletRequest request) throws IOException {
        return batch.importAll(AdeConfigPackages.readArray(body(request)));
    }

    @PostMapping(value = "/ade/batch", consumes = "application/zip")
    @Operation(operationId = "importAdeConfigPackagesZip",
            summary = "As importAdeConfigPackages, the packages as the .json files of a zip")
    public AdeBatchImport.Report importAdeZip(HttpServletRequest request) throws IOException {
        return batch.importAll(AdeConfigPackages.readZip(body(request)));
    }

    private static byte[] body(HttpServletRequest request) throws IOException {
        try {
            return PayloadTooLargeException.readAtMost(request.getInputStream(), PackageJson.MAX_BYTES, "The package");
        } catch (PayloadTooLargeException e) {
            RefusedBody.discardRest(request);
            throw e;
        }
    }
}
