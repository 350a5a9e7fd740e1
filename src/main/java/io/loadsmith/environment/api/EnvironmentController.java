package io.loadsmith.environment.api;

import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import io.loadsmith.environment.EnvironmentRequest;
import io.loadsmith.environment.EnvironmentResponse;
import io.loadsmith.environment.EnvironmentService;
import io.loadsmith.rest.NamedResourceController;

@RestController
@RequestMapping("/api/v1/environments")
class EnvironmentController extends NamedResourceController<EnvironmentRequest, EnvironmentResponse> {

    public EnvironmentController(EnvironmentService service) {
        super(service::list, service::get, service::create, service::update, service::delete);
    }
}
