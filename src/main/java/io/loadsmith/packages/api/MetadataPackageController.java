package io.loadsmith.packages.api;

import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

import io.loadsmith.packageregistry.MetadataPackageService;
import io.loadsmith.packageregistry.PackageRequest;
import io.loadsmith.packageregistry.PackageResponse;
import io.loadsmith.rest.NamedResourceController;

@RestController
@RequestMapping("/api/v1/packages")
class MetadataPackageController extends NamedResourceController<PackageRequest, PackageResponse> {

    public MetadataPackageController(MetadataPackageService service) {
        super(service::list, service::get, service::create, service::update, service::delete);
    }
}
