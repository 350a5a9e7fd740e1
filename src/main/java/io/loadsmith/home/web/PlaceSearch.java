package io.loadsmith.home.web;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.springframework.stereotype.Component;

import io.loadsmith.environment.EnvironmentService;
import io.loadsmith.home.web.HomePageController.Item;
import io.loadsmith.packageregistry.MetadataPackageService;

/**
 * The part of the global search that finds places rather than definitions: packages (by name or
 * description) with their deployments and lineage pages, and environments (by name, description or
 * a variable's name). Asking for "deployments" or "lineage" lists those pages of every package.
 */
@Component
record PlaceSearch(MetadataPackageService packages, EnvironmentService environments) {

    List<Item> search(String text) {
        String q = text.toLowerCase(Locale.ROOT);
        List<Item> found = new ArrayList<>();
        packages.list(null).forEach(p -> {
            boolean named = ConfigurationSearch.matches(q, p.name(), p.description());
            String page = "/packages/" + URLEncoder.encode(p.page(), StandardCharsets.UTF_8);
            if (named) {
                found.add(new Item("Package", p.name(), p.description() == null ? "" : p.description(), page, p.updatedAt()));
            }
            if (named || "deployments".contains(q)) {
                found.add(new Item("Deployments", p.name(), "what each environment runs of package " + p.name(),
                        page + "/deployments", null));
            }
            if (named || "lineage".contains(q)) {
                found.add(new Item("Lineage", p.name(), "what feeds what in package " + p.name(),
                        "/lineage?package=" + URLEncoder.encode(p.name(), StandardCharsets.UTF_8), null));
            }
        });
        environments.list(null).stream()
                .filter(e -> ConfigurationSearch.matches(q, e.name(), e.description()) || e.variables().keySet().stream().anyMatch(v -> ConfigurationSearch.matches(q, v)))
                .forEach(e -> found.add(new Item("Environment", e.name(),
                        "variables: " + String.join(", ", e.variables().keySet()), "/environments#environment-" + e.name(), null)));
        return found;
    }
}
