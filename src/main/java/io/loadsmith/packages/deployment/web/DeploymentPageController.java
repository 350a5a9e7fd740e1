package io.loadsmith.packages.deployment.web;

import java.util.ArrayList;
import java.util.List;

import org.springframework.data.domain.PageRequest;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.dialect.UnknownDialectException;
import io.loadsmith.export.migration.Migration;
import io.loadsmith.export.migration.MigrationNotExpressibleException;
import io.loadsmith.generation.model.GenerationException;
import io.loadsmith.limits.Limits;
import io.loadsmith.packageregistry.MetadataPackageService;
import io.loadsmith.packageregistry.PackageResponse;
import io.loadsmith.packages.PackageVersionService.VersionInfo;
import io.loadsmith.packages.PackageVersionService;
import io.loadsmith.packages.deployment.DeploymentRequest;
import io.loadsmith.packages.deployment.DeploymentResponse;
import io.loadsmith.packages.deployment.DeploymentService;
import io.loadsmith.packages.deployment.MigrationService;
import io.loadsmith.problem.NotFoundException;
import io.loadsmith.web.FormErrors;
import io.loadsmith.web.Link;

/**
 * A package's deployments: per environment the deployed version, and what deploying the working
 * state or a newer committed version would change there (each change, destructive or not, and the SQL).
 * A deployment done by hand is recorded here as tooling records it through the API.
 */
@Controller
record DeploymentPageController(MetadataPackageService packages, PackageVersionService versions,
                                DeploymentService deployments, MigrationService migrations, DialectRegistry dialects) {

    /** What a deployment of {@code target} would do; {@code error} when it cannot be computed. */
    public record Preview(String target, Migration migration, String error) {
    }

    /** One environment: what runs there (null: nothing recorded) and the previews. */
    public record EnvironmentRow(String environment, DeploymentResponse deployed, List<Preview> previews) {
    }

    @GetMapping("/packages/{name}/deployments")
    public String show(@PathVariable String name, @RequestParam(required = false) String recorded, Model model) {
        model.addAttribute("recorded", recorded);
        return page(packages.byPageRef(name), null, FormErrors.NONE, model);
    }

    /** Records that a committed version runs in an environment; a refusal stands in that environment's form. */
    @PostMapping("/packages/{name}/deployments")
    public String record(@PathVariable String name, @RequestParam String environment,
                         @RequestParam(required = false) Integer version, @RequestParam String dialect,
                         @RequestParam(required = false) String note, Model model) {
        PackageResponse pkg = packages.byPageRef(name);
        if (version == null) {
            return page(pkg, environment, FormErrors.message("Choose the committed version that was deployed."), model);
        }
        if (note != null && note.length() > Limits.DESCRIPTION) {
            return page(pkg, environment, FormErrors.message("The note has " + note.length() + " characters; at most "
                    + Limits.DESCRIPTION + "."), model);
        }
        FormErrors refused;
        try {
            refused = FormErrors.attempt(() -> deployments.record(environment, new DeploymentRequest(pkg.name(), version,
                    dialect, null, null, note == null || note.isBlank() ? null : note)));
        } catch (NotFoundException | UnknownDialectException e) {
            // An environment, version or dialect that is not there (a stale page): said where the form is.
            refused = FormErrors.message(e.getMessage());
        }
        if (refused.any()) {
            return page(pkg, environment, refused, model);
        }
        return Link.to("/packages/{name}/deployments", pkg.page()).param("recorded", environment).redirect();
    }

    private String page(PackageResponse pkg, String refusedIn, FormErrors errors, Model model) {
        List<VersionInfo> committed = versions.list(pkg.id(), PageRequest.of(0, 50)).getContent();
        List<VersionInfo> newest = committed.isEmpty() ? List.of() : committed.subList(0, 1);
        List<EnvironmentRow> rows = new ArrayList<>();
        for (String environment : deployments.environmentNames()) {
            DeploymentResponse deployed = deployments.current(environment, pkg.id()).orElse(null);
            List<Preview> previews = new ArrayList<>();
            if (deployed != null) {
                if (!newest.isEmpty() && newest.get(0).number() > deployed.version()) {
                    previews.add(preview(pkg, deployed, String.valueOf(newest.get(0).number())));
                }
                previews.add(preview(pkg, deployed, PackageVersionService.WORKING));
            }
            rows.add(new EnvironmentRow(environment, deployed, previews));
        }
        model.addAttribute("pkg", pkg);
        model.addAttribute("rows", rows);
        model.addAttribute("committed", committed);
        model.addAttribute("dialects", dialects.names());
        model.addAttribute("defaultDialect", dialects.choose(null));
        model.addAttribute("refusedIn", refusedIn);
        model.addAttribute("errors", errors);
        return "deployments/show";
    }

    private Preview preview(PackageResponse pkg, DeploymentResponse deployed, String target) {
        String label = PackageVersionService.WORKING.equals(target) ? "the working state" : "version " + target;
        try {
            return new Preview(label, migrations.preview(pkg.id(), String.valueOf(deployed.version()), target,
                    deployed.dialect()), null);
        } catch (MigrationNotExpressibleException | GenerationException | IllegalArgumentException e) {
            return new Preview(label, null, e.getMessage());
        }
    }
}
