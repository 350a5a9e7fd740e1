package io.loadsmith.entity.web;

import java.util.List;

import org.springframework.stereotype.Component;

import io.loadsmith.packageregistry.MetadataPackageService;
import io.loadsmith.packageregistry.PackageResponse;
import io.loadsmith.problem.NotFoundException;

/** The package names an entity form offers, for the new-entity form and the entity page alike. */
@Component
public record PackageNames(MetadataPackageService packages) {

    public List<String> all() {
        return packages.list(null).stream().map(PackageResponse::name).toList();
    }

    /**
     * A list's package filter: the packages it offers, the one chosen in the package's own spelling
     * (null: any), and when the given name is no package's, the sentence that says so.
     */
    public record Choice(List<String> offered, String chosen, String unknown) {
    }

    /** {@code given} as a list's package filter; names are unique ignoring case, so they are matched so. */
    public Choice choice(String given) {
        List<String> names = all();
        if (given == null || given.isBlank()) {
            return new Choice(names, null, null);
        }
        String wanted = given.strip();
        return names.stream().filter(wanted::equalsIgnoreCase).findFirst()
                .map(found -> new Choice(names, found, null))
                .orElseGet(() -> new Choice(names, wanted, "No package is named '" + wanted + "'."));
    }

    /** The name, when a package of that name exists. */
    public String existing(String name) {
        if (!all().contains(name)) {
            throw NotFoundException.name("Package", name);
        }
        return name;
    }
}
