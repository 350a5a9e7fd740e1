package io.loadsmith.load.api;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import io.loadsmith.load.MappingImport;
import io.swagger.v3.oas.annotations.Operation;
import tools.jackson.databind.JsonNode;

/** Bulk mapping import in the commercial designer's column layout (see docs/mappings.md), all or nothing. */
@RestController
@RequestMapping("/api/v1/loads/mapping-import")
record MappingImportController(MappingImport imports) {

    @PostMapping(consumes = "text/csv")
    @Operation(operationId = "importMappingsCsv", summary = "Import mappings from CSV rows; every refused row and column is named, and nothing is written")
    public MappingImport.Result csv(@RequestBody String body) {
        return imports.apply(MappingImportFiles.csv(body));
    }

    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    @Operation(operationId = "importMappingsJson", summary = "As importMappingsCsv, the rows as a JSON list of objects")
    public MappingImport.Result json(@RequestBody JsonNode body) {
        return imports.apply(MappingImportFiles.json(body));
    }
}
