package io.loadsmith.packages.web;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

import io.loadsmith.packageregistry.MetadataPackageService;
import io.loadsmith.packageregistry.PackageRequest;
import io.loadsmith.web.FormErrors;
import io.loadsmith.web.Link;
import io.loadsmith.problem.RequestChecks;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Package pages: a new package and a package with its versions (what is done with versions is
 * {@link PackageVersionPageController}, the import form {@link PackageImportPageController}).
 */
@Controller
@RequestMapping("/packages")
record PackagePageController(MetadataPackageService packages, PackagePage page) {

    /** Every package with its counts and the ways into it: contents, deployments, lineage. */
    @GetMapping
    public String list(Model model) {
        model.addAttribute("packages", packages.counts().stream().filter(p -> p.name() != null).toList());
        return "packages/list";
    }

    @GetMapping("/new")
    public String newPackage(Model model) {
        model.addAttribute("errors", FormErrors.NONE);
        return "packages/new";
    }

    /** Creates an empty package; entities are put into it on their own pages (and loads go with their target). */
    @PostMapping
    public String create(@RequestParam(required = false) String name, @RequestParam(required = false) String description,
                         Model model, HttpServletRequest request, HttpServletResponse response) {
        model.addAttribute("name", name);
        model.addAttribute("description", description);
        return FormErrors.save(() -> packages.create(RequestChecks.valid(new PackageRequest(null,
                        name == null ? null : name.strip(), description == null || description.isBlank() ? null : description))),
                refused -> {
                    model.addAttribute("errors", refused);
                    return "packages/new";
                }, created -> Link.to("/packages/{name}", created.page()).toString(), request, response);
    }

    @GetMapping("/{name}")
    public String show(@PathVariable String name, @RequestParam(required = false) Integer committed,
                       @RequestParam(required = false) Integer restored, Model model, HttpServletRequest request) {
        String saved = committed != null ? "Committed version " + committed + "."
                : restored != null ? "Version " + restored + " is the working state again." : null;
        return page.render(name, new PackagePage.Notice(saved, null), model, request);
    }
}
