package io.loadsmith.entitytype.api;

import io.loadsmith.entitytype.EntityTypeResponse;
import io.loadsmith.entitytype.EntityTypeRequest;
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

import io.loadsmith.entitytype.EntityTypeService;
import io.loadsmith.paging.ListPages;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.validation.Valid;

@RestController
@RequestMapping("/api/v1/entity-types")
class EntityTypeController {

    private final EntityTypeService service;

    public EntityTypeController(EntityTypeService service) {
        this.service = service;
    }

    @GetMapping
    public List<EntityTypeResponse> list(@RequestParam(required = false) String name,
                            @RequestParam(defaultValue = "0") int page,
                            @RequestParam(defaultValue = "" + ListPages.DEFAULT_SIZE) int size,
                            HttpServletResponse response) {
        return ListPages.page(service.list(name), page, size, response);
    }

    @GetMapping("/{id}")
    public EntityTypeResponse get(@PathVariable long id) {
        return service.get(id);
    }

    @PostMapping
    public ResponseEntity<EntityTypeResponse> create(@Valid @RequestBody EntityTypeRequest request) {
        EntityTypeResponse created = service.create(request);
        return ResponseEntity.created(URI.create("/api/v1/entity-types/" + created.id())).body(created);
    }

    @PutMapping("/{id}")
    public EntityTypeResponse update(@PathVariable long id, @Valid @RequestBody EntityTypeRequest request) {
        return service.update(id, request);
    }

    @DeleteMapping("/{id}")
    public ResponseEntity<Void> delete(@PathVariable long id) {
        service.delete(id);
        return ResponseEntity.noContent().build();
    }
}
