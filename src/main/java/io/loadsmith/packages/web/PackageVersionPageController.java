package io.loadsmith.packages.web;

import java.util.stream.Collectors;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.environment.EnvironmentService;
import io.loadsmith.exchange.InvalidPackageException;
import io.loadsmith.packages.PackageDiff.SqlChange;
import io.loadsmith.packageregistry.MetadataPackageService;
import io.loadsmith.packageregistry.PackageResponse;
import io.loadsmith.packages.PackageVersionService;
import io.loadsmith.packages.api.CommitRequest;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.web.DiffLines;
import io.loadsmith.web.FormErrors;
import io.loadsmith.web.Htmx;
import io.loadsmith.web.Link;
import io.loadsmith.problem.RequestChecks;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * What the package page does with versions: commit, compare, export and restore. Thin: the version service
 * does the work, as it does for the REST API; a refusal shows the package page again with the reason.
 */
@Controller
@RequestMapping("/packages")
record PackageVersionPageController(MetadataPackageService packages, PackageVersionService versions,
                                    DialectRegistry dialects, EnvironmentService environments, PackagePage page) {

    @PostMapping("/{name}/commit")
    public String commit(@PathVariable String name, @RequestParam String message,
                           Model model, HttpServletRequest request, HttpServletResponse response) {
        PackageResponse pkg = packages.byPageRef(name);
        try {
            CommitRequest commit = RequestChecks.valid(new CommitRequest(message, null));
            int number = versions.commit(pkg.id(), commit.message()).number();
            return Htmx.redirect(request, response, Link.to("/packages/{name}", pkg.page()).param("committed", number)
                    .toString());
        } catch (ConflictException | InvalidRequestException e) {
            model.addAttribute("message", message);
            model.addAttribute("commitErrors", e instanceof InvalidRequestException invalid ? FormErrors.of(invalid)
                    : FormErrors.NONE);
            return page.render(name, new PackagePage.Notice(null, e.getMessage()), model, request);
        }
    }

    @GetMapping("/{name}/diff")
    public String diff(@PathVariable String name, @RequestParam String from, @RequestParam String to,
                       @RequestParam(required = false) String dialect, Model model, HttpServletRequest request) {
        PackageResponse pkg = packages.byPageRef(name);
        dialects.check(dialect);
        model.addAttribute("pkg", pkg);
        var diff = versions.diff(pkg.id(), from, to, dialect == null || dialect.isBlank() ? null : dialect);
        model.addAttribute("diff", diff);
        model.addAttribute("sqlLines", diff.sql().stream().collect(Collectors.toMap(
                SqlChange::path, s -> DiffLines.of(s.diff()), (a, b) -> a)));
        return Htmx.view(request, "packages/diff", "diff");
    }

    /** The download itself is the API's; this only turns the form into its address. */
    @GetMapping("/{name}/export")
    public String export(@PathVariable String name, @RequestParam(defaultValue = "working") String version,
                         @RequestParam String dialect, @RequestParam(required = false) String environment) {
        PackageResponse pkg = packages.byPageRef(name);
        dialects.get(dialect);
        environments.check(environment);
        // A version that does not exist is refused here, as a page, not by the API's JSON answer.
        if (!PackageVersionService.WORKING.equals(version.strip())) {
            versions.info(pkg.id(), version.strip());
        }
        return Link.to("/api/v1/packages/{id}/versions/{version}/sql-package", pkg.id(), version.strip())
                .param("dialect", dialect).param("environment", environment).redirect();
    }

    /** Without JavaScript a restore asks on a page of its own; with it, hx-confirm asks. */
    @GetMapping("/{name}/versions/{number}/restore")
    public String confirmRestore(@PathVariable String name, @PathVariable int number, Model model) {
        model.addAttribute("pkg", packages.byPageRef(name));
        model.addAttribute("number", number);
        return "packages/restore";
    }

    @PostMapping("/{name}/versions/{number}/restore")
    public String restore(@PathVariable String name, @PathVariable int number, Model model, HttpServletRequest request,
                          HttpServletResponse response) {
        PackageResponse pkg = packages.byPageRef(name);
        try {
            versions.restore(pkg.id(), String.valueOf(number));
            return Htmx.redirect(request, response, Link.to("/packages/{name}", pkg.page()).param("restored", number)
                    .toString());
        } catch (InvalidPackageException e) {
            model.addAttribute("problems", e.problems());
            return page.render(name, new PackagePage.Notice(null, "Version " + number + " could not be restored; nothing was changed."),
                    model, request);
        }
    }
}
