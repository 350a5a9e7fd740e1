package io.loadsmith.entity.web;

import java.util.List;

import org.springframework.stereotype.Component;

import io.loadsmith.packageregistry.MetadataPackageService;
import io.loadsmith.packageregistry.api.PackageResponse;
import io.loadsmith.problem.NotFoundException;

/** The package names an entity form offers, for the new-entity form and the entity page alike. */
@Component
public class PackageNames {

    private final MetadataPackageService packages;

    public PackageNames(MetadataPackageService packages) {
        this.packages = packages;
    }

    public List<String> all() {
        return packages.list(null).stream().map(PackageResponse::name).toList();
    }

    /** The name, when a package of that name exists. */
    public String existing(String name) {
        if (!all().contains(name)) {
            throw NotFoundException.name("Package", name);
        }
        return name;
    }
}
