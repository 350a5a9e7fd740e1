package io.loadsmith.entitytype.api;

import java.util.List;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.loadsmith.entitytype.DatatypeMappingRequest;
import io.loadsmith.entitytype.DatatypeMappingResponse;
import io.loadsmith.entitytype.DatatypeMappingService;
import io.loadsmith.paging.ListPages;
import io.loadsmith.rest.ResourceController;
import jakarta.servlet.http.HttpServletResponse;

/** Datatype mappings are listed by dialect, not by name: the rest is every resource's. */
@RestController
@RequestMapping("/api/v1/datatype-mappings")
class DatatypeMappingController extends ResourceController<DatatypeMappingRequest, DatatypeMappingResponse> {

    private final DatatypeMappingService service;

    public DatatypeMappingController(DatatypeMappingService service) {
        super(service::get, service::create, service::update, service::delete);
        this.service = service;
    }

    @GetMapping
    public List<DatatypeMappingResponse> list(@RequestParam(required = false) String dialect,
                                              @RequestParam(defaultValue = "0") int page,
                                              @RequestParam(defaultValue = "" + ListPages.DEFAULT_SIZE) int size,
                                              HttpServletResponse response) {
        return ListPages.page(service.list(dialect), page, size, response);
    }
}
