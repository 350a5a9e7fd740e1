package io.loadsmith.entity.api;

import io.loadsmith.entity.EntityResponse;
import io.loadsmith.entity.EntityRequest;
import java.net.URI;
import java.util.List;

import org.springframework.http.MediaType;
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

import io.loadsmith.entity.EntityDdlService;
import io.loadsmith.entity.EntityService;
import io.loadsmith.paging.ListPages;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.validation.Valid;

@RestController
@RequestMapping("/api/v1/entities")
class EntityController {

    private final EntityService service;
    private final EntityDdlService ddlService;

    public EntityController(EntityService service, EntityDdlService ddlService) {
        this.service = service;
        this.ddlService = ddlService;
    }

    @GetMapping
    public List<EntityResponse> list(@RequestParam(required = false) String name,
                            @RequestParam(defaultValue = "0") int page,
                            @RequestParam(defaultValue = "" + ListPages.DEFAULT_SIZE) int size,
                            HttpServletResponse response) {
        return ListPages.page(service.list(name), page, size, response);
    }

    @GetMapping("/{id}")
    public EntityResponse get(@PathVariable long id) {
        return service.get(id);
    }

    @GetMapping(value = "/{id}/ddl", produces = MediaType.TEXT_PLAIN_VALUE)
    public String ddl(@PathVariable long id, @RequestParam String dialect) {
        return ddlService.createTable(id, dialect);
    }

    @PostMapping
    public ResponseEntity<EntityResponse> create(@Valid @RequestBody EntityRequest request) {
        EntityResponse created = service.create(request);
        return ResponseEntity.created(URI.create("/api/v1/entities/" + created.id())).body(created);
    }

    @PutMapping("/{id}")
    public EntityResponse update(@PathVariable long id, @Valid @RequestBody EntityRequest request) {
        return service.update(id, request);
    }

    @DeleteMapping("/{id}")
    public ResponseEntity<Void> delete(@PathVariable long id) {
        service.delete(id);
        return ResponseEntity.noContent().build();
    }
}
