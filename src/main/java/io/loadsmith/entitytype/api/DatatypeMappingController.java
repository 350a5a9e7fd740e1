package io.loadsmith.entitytype.api;

import io.loadsmith.entitytype.DatatypeMappingResponse;
import io.loadsmith.entitytype.DatatypeMappingRequest;
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

import io.loadsmith.entitytype.DatatypeMappingService;
import io.loadsmith.paging.ListPages;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.validation.Valid;

@RestController
@RequestMapping("/api/v1/datatype-mappings")
class DatatypeMappingController {

    private final DatatypeMappingService service;

    public DatatypeMappingController(DatatypeMappingService service) {
        this.service = service;
    }

    @GetMapping
    public List<DatatypeMappingResponse> list(@RequestParam(required = false) String dialect,
                            @RequestParam(defaultValue = "0") int page,
                            @RequestParam(defaultValue = "" + ListPages.DEFAULT_SIZE) int size,
                            HttpServletResponse response) {
        return ListPages.page(service.list(dialect), page, size, response);
    }

    @GetMapping("/{id}")
    public DatatypeMappingResponse get(@PathVariable long id) {
        return service.get(id);
    }

    @PostMapping
    public ResponseEntity<DatatypeMappingResponse> create(@Valid @RequestBody DatatypeMappingRequest request) {
        DatatypeMappingResponse created = service.create(request);
        return ResponseEntity.created(URI.create("/api/v1/datatype-mappings/" + created.id())).body(created);
    }

    @PutMapping("/{id}")
    public DatatypeMappingResponse update(@PathVariable long id, @Valid @RequestBody DatatypeMappingRequest request) {
        return service.update(id, request);
    }

    @DeleteMapping("/{id}")
    public ResponseEntity<Void> delete(@PathVariable long id) {
        service.delete(id);
        return ResponseEntity.noContent().build();
    }
}
