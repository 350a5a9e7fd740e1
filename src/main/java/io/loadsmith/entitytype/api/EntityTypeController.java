package io.loadsmith.entitytype.api;

import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import io.loadsmith.entitytype.EntityTypeRequest;
import io.loadsmith.entitytype.EntityTypeResponse;
import io.loadsmith.entitytype.EntityTypeService;
import io.loadsmith.rest.NamedResourceController;

@RestController
@RequestMapping("/api/v1/entity-types")
class EntityTypeController extends NamedResourceController<EntityTypeRequest, EntityTypeResponse> {

    public EntityTypeController(EntityTypeService service) {
        super(service::list, service::get, service::create, service::update, service::delete);
    }
}
