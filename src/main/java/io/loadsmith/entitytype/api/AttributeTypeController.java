package io.loadsmith.entitytype.api;

import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import io.loadsmith.entitytype.AttributeTypeRequest;
import io.loadsmith.entitytype.AttributeTypeResponse;
import io.loadsmith.entitytype.AttributeTypeService;
import io.loadsmith.rest.NamedResourceController;

@RestController
@RequestMapping("/api/v1/attribute-types")
class AttributeTypeController extends NamedResourceController<AttributeTypeRequest, AttributeTypeResponse> {

    public AttributeTypeController(AttributeTypeService service) {
        super(service::list, service::get, service::create, service::update, service::delete);
    }
}
