package io.loadsmith.entitytype.api;

import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import io.loadsmith.entitytype.DefaultAttributeRequest;
import io.loadsmith.entitytype.DefaultAttributeResponse;
import io.loadsmith.entitytype.DefaultAttributeService;
import io.loadsmith.rest.NamedResourceController;

@RestController
@RequestMapping("/api/v1/default-attributes")
class DefaultAttributeController extends NamedResourceController<DefaultAttributeRequest, DefaultAttributeResponse> {

    public DefaultAttributeController(DefaultAttributeService service) {
        super(service::list, service::get, service::create, service::update, service::delete);
    }
}
