package io.loadsmith.packages.web;

import org.springframework.data.domain.PageRequest;
import org.springframework.stereotype.Component;
import org.springframework.ui.Model;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.environment.EnvironmentService;
import io.loadsmith.packageregistry.MetadataPackageService;
import io.loadsmith.packageregistry.PackageResponse;
import io.loadsmith.packages.PackageVersionService;
import io.loadsmith.web.Htmx;
import jakarta.servlet.http.HttpServletRequest;

/** The package page itself, shown by its own controller and again with the reason when a version action is refused. */
@Component
record PackagePage(MetadataPackageService packages, PackageVersionService versions, DialectRegistry dialects,
                   EnvironmentService environments, PackageContents contents) {

    /** What the package page shows besides the package itself. */
    public record Notice(String saved, String error) {
    }

    /** {@code name} is the address of the package page: its name, or its id when the name cannot be an address. */
    public String render(String name, Notice notice, Model model, HttpServletRequest request) {
        PackageResponse pkg = packages.byPageRef(name);
        model.addAttribute("pkg", pkg);
        model.addAttribute("versions", versions.list(pkg.id(), PageRequest.of(0, 100)).getContent());
        model.addAttribute("dialects", dialects.names());
        model.addAttribute("environments", environments.list(null));
        model.addAttribute("notice", notice);
        // htmx redraws only the versions: a commit does not change the contents, and a large package's are not read again.
        if (!Htmx.isHtmx(request)) {
            model.addAttribute("contents", contents.of(pkg));
        }
        return Htmx.view(request, "packages/show", "versions");
    }
}
