package io.loadsmith.load.api;

import java.util.List;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.loadsmith.generation.GenerationOptions;
import io.loadsmith.load.Generation;
import io.loadsmith.load.GenerationRequest;
import io.loadsmith.load.LoadRequest;
import io.loadsmith.load.LoadResponse;
import io.loadsmith.load.LoadService;
import io.loadsmith.rest.NamedResourceController;
import io.swagger.v3.oas.annotations.Parameter;
import jakarta.validation.Valid;

@RestController
@RequestMapping("/api/v1/loads")
class LoadController extends NamedResourceController<LoadRequest, LoadResponse> {

    private final LoadService service;
    private final Generation generation;

    public LoadController(LoadService service, Generation generation) {
        super(service::list, service::get, service::create, service::update, service::delete);
        this.service = service;
        this.generation = generation;
    }

    /** The generated SQL as plain text, for previews and deployment tooling. */
    @GetMapping(value = "/{id}/sql", produces = MediaType.TEXT_PLAIN_VALUE)
    public String sql(@PathVariable long id, @RequestParam String dialect,
                      @RequestParam(required = false) String environment,
                      @Parameter(description = "Confirms full refreshes of history tables whose effective policy is"
                              + " require_confirmation; never overrides deny")
                      @RequestParam(defaultValue = "false") boolean allowFullRefresh) {
        // A failure is thrown again as raised: 404 for a missing load, 422 with its location for a template error.
        return generation.generate(new GenerationRequest.StoredLoad(id, dialect, environment,
                GenerationOptions.of(allowFullRefresh))).orThrow().sql();
    }

    @GetMapping("/{id}/mappings")
    public MappingsResponse mappings(@PathVariable long id) {
        return MappingsResponse.of(service.get(id));
    }

    /** Replaces all entity mappings of the load; an empty list removes them. */
    @PutMapping("/{id}/mappings")
    public MappingsResponse replaceMappings(@PathVariable long id, @Valid @RequestBody MappingsRequest request) {
        return MappingsResponse.of(service.replaceMappings(id, request.version(), request.mappings()));
    }

    /** Removes every entity mapping of the load, if {@code version} is the load's current one. */
    @DeleteMapping("/{id}/mappings")
    public MappingsResponse deleteMappings(@PathVariable long id, @RequestParam long version) {
        return MappingsResponse.of(service.replaceMappings(id, version, List.of()));
    }
}
