package io.loadsmith.entity.api;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import io.loadsmith.entity.EntityDdlService;
import io.loadsmith.entity.EntityRequest;
import io.loadsmith.entity.EntityResponse;
import io.loadsmith.entity.EntityService;
import io.loadsmith.rest.NamedResourceController;

@RestController
@RequestMapping("/api/v1/entities")
class EntityController extends NamedResourceController<EntityRequest, EntityResponse> {

    private final EntityDdlService ddlService;

    public EntityController(EntityService service, EntityDdlService ddlService) {
        super(service::list, service::get, service::create, service::update, service::delete);
        this.ddlService = ddlService;
    }

    @GetMapping(value = "/{id}/ddl", produces = MediaType.TEXT_PLAIN_VALUE)
    public String ddl(@PathVariable long id, @RequestParam String dialect) {
        return ddlService.createTable(id, dialect);
    }
}
