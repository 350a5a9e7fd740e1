package io.loadsmith.template.api;

import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import io.loadsmith.rest.NamedResourceController;
import io.loadsmith.template.TransformationTypeRequest;
import io.loadsmith.template.TransformationTypeResponse;
import io.loadsmith.template.TransformationTypeService;

@RestController
@RequestMapping("/api/v1/transformation-types")
class TransformationTypeController extends NamedResourceController<TransformationTypeRequest, TransformationTypeResponse> {

    public TransformationTypeController(TransformationTypeService service) {
        super(service::list, service::get, service::create, service::update, service::delete);
    }
}
