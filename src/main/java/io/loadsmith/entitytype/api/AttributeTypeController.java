package io.loadsmith.entitytype.api;

import io.loadsmith.entitytype.AttributeTypeResponse;
import io.loadsmith.entitytype.AttributeTypeRequest;
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

import io.loadsmith.entitytype.AttributeTypeService;
import io.loadsmith.paging.ListPages;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.validation.Valid;

@RestController
@RequestMapping("/api/v1/attribute-types")
class AttributeTypeController {

    private final AttributeTypeService service;

    public AttributeTypeController(AttributeTypeService service) {
        this.service = service;
    }

    @GetMapping
    public List<AttributeTypeResponse> list(@RequestParam(required = false) String name,
                            @RequestParam(defaultValue = "0") int page,
                            @RequestParam(defaultValue = "" + ListPages.DEFAULT_SIZE) int size,
                            HttpServletResponse response) {
        return ListPages.page(service.list(name), page, size, response);
    }

    @GetMapping("/{id}")
    public AttributeTypeResponse get(@PathVariable long id) {
        return service.get(id);
    }

    @PostMapping
    public ResponseEntity<AttributeTypeResponse> create(@Valid @RequestBody AttributeTypeRequest request) {
        AttributeTypeResponse created = service.create(request);
        return ResponseEntity.created(URI.create("/api/v1/attribute-types/" + created.id())).body(created);
    }

    @PutMapping("/{id}")
    public AttributeTypeResponse update(@PathVariable long id, @Valid @RequestBody AttributeTypeRequest request) {
        return service.update(id, request);
    }

    @DeleteMapping("/{id}")
    public ResponseEntity<Void> delete(@PathVariable long id) {
        service.delete(id);
        return ResponseEntity.noContent().build();
    }
}
