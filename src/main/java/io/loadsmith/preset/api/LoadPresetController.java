package io.loadsmith.preset.api;

import io.loadsmith.preset.PresetResponse;
import io.loadsmith.preset.PresetRequest;
import io.loadsmith.preset.LoadFromPresetRequest;
import java.net.URI;
import java.util.List;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.loadsmith.entitytype.LoadType;
import io.loadsmith.load.LoadResponse;
import io.loadsmith.paging.ListPages;
import io.loadsmith.preset.LoadPresetService;
import io.loadsmith.generation.catalog.TemplateLookup;
import io.swagger.v3.oas.annotations.Operation;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.validation.Valid;

/** Load presets (saved steps and load options), and loads created from them. */
@RestController
@RequestMapping("/api/v1")
record LoadPresetController(LoadPresetService service, TemplateLookup templates) {

    @GetMapping("/load-presets")
    @Operation(summary = "Presets by name; with entityType (and loadType, TRANSFORM_PERSIST by default), the ones"
            + " that type offers, its default first")
    public List<PresetJson> list(@RequestParam(required = false) String name,
                                     @RequestParam(required = false) String entityType,
                                     @RequestParam(required = false) LoadType loadType,
                                     @RequestParam(defaultValue = "0") int page,
                                     @RequestParam(defaultValue = "" + ListPages.DEFAULT_SIZE) int size,
                                     HttpServletResponse response) {
        List<PresetResponse> found = entityType != null ? service.offered(entityType, loadType) : service.list(name);
        return ListPages.page(found, page, size, response).stream().map(this::json).toList();
    }

    @GetMapping("/load-presets/{id}")
    public PresetJson get(@PathVariable long id) {
        return json(service.get(id));
    }

    @PostMapping("/load-presets")
    public ResponseEntity<PresetJson> create(@Valid @RequestBody PresetRequest request) {
        PresetResponse created = service.create(request);
        return ResponseEntity.created(URI.create("/api/v1/load-presets/" + created.id())).body(json(created));
    }

    @PutMapping("/load-presets/{id}")
    public PresetJson update(@PathVariable long id, @Valid @RequestBody PresetRequest request) {
        return json(service.update(id, request));
    }

    private PresetJson json(PresetResponse preset) {
        return PresetJson.of(preset, templates);
    }

    @DeleteMapping("/load-presets/{id}")
    public ResponseEntity<Void> delete(@PathVariable long id) {
        service.delete(id);
        return ResponseEntity.noContent().build();
    }

    @PostMapping("/loads/from-preset")
    @Operation(summary = "Create a load with a copy of a preset's steps and options (the named preset, else the"
            + " default of the target's entity type for the load type)")
    public ResponseEntity<LoadResponse> createLoad(@Valid @RequestBody LoadFromPresetRequest request) {
        LoadResponse created = service.createLoad(request);
        return ResponseEntity.created(URI.create("/api/v1/loads/" + created.id())).body(created);
    }
}
