package io.loadsmith.packages.api;

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

import io.loadsmith.packageregistry.MetadataPackageService;
import io.loadsmith.packageregistry.PackageRequest;
import io.loadsmith.packageregistry.PackageResponse;
import io.loadsmith.paging.ListPages;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.validation.Valid;

@RestController
@RequestMapping("/api/v1/packages")
class MetadataPackageController {

    private final MetadataPackageService service;

    public MetadataPackageController(MetadataPackageService service) {
        this.service = service;
    }

    @GetMapping
    public List<PackageResponse> list(@RequestParam(required = false) String name,
                            @RequestParam(defaultValue = "0") int page,
                            @RequestParam(defaultValue = "" + ListPages.DEFAULT_SIZE) int size,
                            HttpServletResponse response) {
        return ListPages.page(service.list(name), page, size, response);
    }

    @GetMapping("/{id}")
    public PackageResponse get(@PathVariable long id) {
        return service.get(id);
    }

    @PostMapping
    public ResponseEntity<PackageResponse> create(@Valid @RequestBody PackageRequest request) {
        PackageResponse created = service.create(request);
        return ResponseEntity.created(URI.create("/api/v1/packages/" + created.id())).body(created);
    }

    @PutMapping("/{id}")
    public PackageResponse update(@PathVariable long id, @Valid @RequestBody PackageRequest request) {
        return service.update(id, request);
    }

    @DeleteMapping("/{id}")
    public ResponseEntity<Void> delete(@PathVariable long id) {
        service.delete(id);
        return ResponseEntity.noContent().build();
    }
}
