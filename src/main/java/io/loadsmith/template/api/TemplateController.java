package io.loadsmith.template.api;

import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import io.loadsmith.rest.NamedResourceController;
import io.loadsmith.template.TemplateRequest;
import io.loadsmith.template.TemplateResponse;
import io.loadsmith.template.TemplateService;

@RestController
@RequestMapping("/api/v1/templates")
class TemplateController extends NamedResourceController<TemplateRequest, TemplateResponse> {

    public TemplateController(TemplateService service) {
        super(service::list, service::get, service::create, service::update, service::delete);
    }
}
