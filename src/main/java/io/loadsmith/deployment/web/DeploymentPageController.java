package io.loadsmith.deployment.web;

import java.util.ArrayList;
import java.util.List;

import org.springframework.data.domain.PageRequest;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;

import io.loadsmith.deployment.DeploymentService;
import io.loadsmith.deployment.Migration;
import io.loadsmith.deployment.MigrationNotExpressibleException;
import io.loadsmith.deployment.MigrationService;
import io.loadsmith.deployment.api.DeploymentResponse;
import io.loadsmith.generation.GenerationException;
import io.loadsmith.packageregistry.MetadataPackageService;
import io.loadsmith.packageregistry.api.PackageResponse;
import io.loadsmith.packages.PackageVersionService.VersionInfo;
import io.loadsmith.packages.PackageVersionService;
import io.loadsmith.problem.NotFoundException;

/**
 * A package's deployments: per environment the deployed version, and what deploying the working
 * state or a newer committed version would change there (each change, destructive or not, and the SQL).
 */
@Controller
public class DeploymentPageController {

    private final MetadataPackageService packages;
    private final PackageVersionService versions;
    private final DeploymentService deployments;
    private final MigrationService migrations;

    public DeploymentPageController(MetadataPackageService packages, PackageVersionService versions,
                                    DeploymentService deployments, MigrationService migrations) {
        this.packages = packages;
        this.versions = versions;
        this.deployments = deployments;
        this.migrations = migrations;
    }

    /** What a deployment of {@code target} would do; {@code error} when it cannot be computed. */
    public record Preview(String target, Migration migration, String error) {
    }

    /** One environment: what runs there (null: nothing recorded) and the previews. */
    public record EnvironmentRow(String environment, DeploymentResponse deployed, List<Preview> previews) {
    }

    @GetMapping("/packages/{name}/deployments")
    public String show(@PathVariable String name, Model model) {
        PackageResponse pkg = packages.byPageRef(name);
        List<VersionInfo> newest = versions.list(pkg.id(), PageRequest.of(0, 1)).getContent();
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
