package io.loadsmith.packages.web;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.stream.Collectors;

import org.springframework.data.domain.PageRequest;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.multipart.MaxUploadSizeExceededException;
import org.springframework.web.multipart.MultipartFile;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.environment.EnvironmentService;
import io.loadsmith.exchange.AdeConfigPackages;
import io.loadsmith.exchange.InvalidPackageException;
import io.loadsmith.exchange.PackageJson;
import io.loadsmith.packages.PackageDiff.SqlChange;
import io.loadsmith.packageregistry.MetadataPackageService;
import io.loadsmith.packageregistry.api.PackageResponse;
import io.loadsmith.packages.PackageImporter;
import io.loadsmith.packages.PackageVersionService;
import io.loadsmith.packages.api.CommitRequest;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.PayloadTooLargeException;
import io.loadsmith.problem.RefusedBody;
import io.loadsmith.web.DiffLines;
import io.loadsmith.web.FormErrors;
import io.loadsmith.web.Htmx;
import io.loadsmith.web.Link;
import io.loadsmith.web.RequestChecks;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Package pages: versions with commit, compare, export and restore, and the import form. Thin: the
 * version service and importer do the work, as they do for the REST API.
 */
@Controller
@RequestMapping("/packages")
public class PackagePageController {

    private final MetadataPackageService packages;
    private final PackageVersionService versions;
    private final PackageImporter importer;
    private final io.loadsmith.packages.AdeBatchImport batch;
    private final DialectRegistry dialects;
    private final EnvironmentService environments;

    public PackagePageController(MetadataPackageService packages, PackageVersionService versions, PackageImporter importer,
                                 DialectRegistry dialects, EnvironmentService environments,
                                 io.loadsmith.packages.AdeBatchImport batch) {
        this.batch = batch;
        this.packages = packages;
        this.versions = versions;
        this.importer = importer;
        this.dialects = dialects;
        this.environments = environments;
    }

    /** What the package page shows besides the package itself. */
    public record Notice(String saved, String error) {
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
        try {
            PackageResponse created = packages.create(RequestChecks.valid(new io.loadsmith.packageregistry.api.PackageRequest(null,
                    name == null ? null : name.strip(), description == null || description.isBlank() ? null : description)));
            return Htmx.redirect(request, response, Link.to("/packages/{name}", created.page()).toString());
        } catch (InvalidRequestException e) {
            model.addAttribute("errors", FormErrors.of(e));
        } catch (ConflictException e) {
            model.addAttribute("errors", FormErrors.message(e.getMessage()));
        }
        return "packages/new";
    }

    @GetMapping("/{name}")
    public String show(@PathVariable String name, @RequestParam(required = false) Integer committed,
                       @RequestParam(required = false) Integer restored, Model model, HttpServletRequest request) {
        String saved = committed != null ? "Committed version " + committed + "."
                : restored != null ? "Version " + restored + " is the working state again." : null;
        return page(name, new Notice(saved, null), model, request);
    }

    @PostMapping("/{name}/commit")
    public String commit(@PathVariable String name, @RequestParam String message,
                           Model model, HttpServletRequest request, HttpServletResponse response) {
        PackageResponse pkg = byName(name);
        try {
            CommitRequest commit = RequestChecks.valid(new CommitRequest(message, null));
            int number = versions.commit(pkg.id(), commit.message()).number();
            return Htmx.redirect(request, response, Link.to("/packages/{name}", pkg.page()).param("committed", number)
                    .toString());
        } catch (ConflictException | InvalidRequestException e) {
            model.addAttribute("message", message);
            model.addAttribute("commitErrors", e instanceof InvalidRequestException invalid ? FormErrors.of(invalid)
                    : FormErrors.NONE);
            return page(name, new Notice(null, e.getMessage()), model, request);
        }
    }

    @GetMapping("/{name}/diff")
    public String diff(@PathVariable String name, @RequestParam String from, @RequestParam String to,
                       @RequestParam(required = false) String dialect, Model model, HttpServletRequest request) {
        PackageResponse pkg = byName(name);
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
        PackageResponse pkg = byName(name);
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
        model.addAttribute("pkg", byName(name));
        model.addAttribute("number", number);
        return "packages/restore";
    }

    @PostMapping("/{name}/versions/{number}/restore")
    public String restore(@PathVariable String name, @PathVariable int number, Model model, HttpServletRequest request,
                          HttpServletResponse response) {
        PackageResponse pkg = byName(name);
        try {
            versions.restore(pkg.id(), String.valueOf(number));
            return Htmx.redirect(request, response, Link.to("/packages/{name}", pkg.page()).param("restored", number)
                    .toString());
        } catch (InvalidPackageException e) {
            model.addAttribute("problems", e.problems());
            return page(name, new Notice(null, "Version " + number + " could not be restored; nothing was changed."),
                    model, request);
        }
    }

    @GetMapping("/import")
    public String importForm(Model model) {
        model.addAttribute("format", "loadsmith");
        return "packages/import";
    }

    @PostMapping("/import")
    public String importPackage(@RequestParam(defaultValue = "loadsmith") String format,
                                @RequestParam(name = "file", required = false) java.util.List<MultipartFile> files,
                                @RequestParam(required = false) String json, Model model) throws IOException {
        model.addAttribute("format", format);
        model.addAttribute("json", json);
        java.util.List<MultipartFile> given = files == null ? java.util.List.of()
                : files.stream().filter(f -> f != null && !f.isEmpty()).toList();
        try {
            if ("ade".equals(format)) {
                // One report for one package, several files, a zip or a pasted array; in dependency order.
                io.loadsmith.packages.AdeBatchImport.Report report = batch.importAll(adePackages(given, json));
                model.addAttribute("report", report);
                model.addAttribute("reportRows", report.imported().stream()
                        .map(p -> new ReportRow(p, MetadataPackageService.pageRef(p.importedAs(), p.packageId()))).toList());
                return "packages/import";
            }
            byte[] body = !given.isEmpty()
                    ? PayloadTooLargeException.readAtMost(given.get(0).getInputStream(), PackageJson.MAX_BYTES, "The package")
                    : (json == null ? "" : json).getBytes(StandardCharsets.UTF_8);
            result(model, importer.apply(PackageJson.read(body)));
        } catch (InvalidPackageException e) {
            model.addAttribute("problems", e.problems());
        } catch (PayloadTooLargeException e) {
            model.addAttribute("error", e.getMessage());
        }
        return "packages/import";
    }

    /** A package of the import report and the address of its page. */
    public record ReportRow(io.loadsmith.packages.AdeBatchImport.ImportedPackage p, String page) {
    }

    /** The configuration packages of the form: files (each a package, an array, or a zip), else the pasted JSON. */
    private static java.util.List<AdeConfigPackages.Imported> adePackages(java.util.List<MultipartFile> files, String json)
            throws IOException {
        if (files.isEmpty()) {
            return AdeConfigPackages.readArray((json == null ? "" : json).getBytes(StandardCharsets.UTF_8));
        }
        java.util.List<AdeConfigPackages.Imported> packages = new java.util.ArrayList<>();
        java.util.List<InvalidPackageException.Problem> problems = new java.util.ArrayList<>();
        long total = 0;
        for (MultipartFile file : files) {
            byte[] body = PayloadTooLargeException.readAtMost(file.getInputStream(), PackageJson.MAX_BYTES, "The upload");
            total += body.length;
            if (total > PackageJson.MAX_BYTES) {
                throw PayloadTooLargeException.of("The upload", PackageJson.MAX_BYTES);
            }
            String name = file.getOriginalFilename() == null || file.getOriginalFilename().isBlank() ? "upload"
                    : file.getOriginalFilename();
            try {
                boolean zip = body.length > 1 && body[0] == 'P' && body[1] == 'K';
                java.util.List<AdeConfigPackages.Imported> read = zip ? AdeConfigPackages.readZip(body)
                        : AdeConfigPackages.readArray(body);
                packages.addAll(files.size() == 1 && !zip ? read : read.stream().map(p -> p.in(name)).toList());
            } catch (InvalidPackageException e) {
                e.problems().forEach(p -> problems.add(new InvalidPackageException.Problem(
                        files.size() == 1 ? p.path() : AdeConfigPackages.under(name, p.path()), p.message())));
            }
        }
        if (!problems.isEmpty()) {
            throw new InvalidPackageException(problems);
        }
        return packages;
    }

    private static void result(Model model, PackageImporter.Result result) {
        model.addAttribute("result", result);
        model.addAttribute("resultPage", MetadataPackageService.pageRef(result.packageName(), result.packageId()));
    }

    /** An upload over the multipart limits of application.properties, refused while the form is read. */
    @ExceptionHandler(MaxUploadSizeExceededException.class)
    public String uploadTooLarge(Model model, HttpServletRequest request, HttpServletResponse response) {
        RefusedBody.discardRest(request);
        response.setStatus(HttpStatus.CONTENT_TOO_LARGE.value());
        model.addAttribute("format", "loadsmith");
        model.addAttribute("error", PayloadTooLargeException.of("The upload", PackageJson.MAX_BYTES).getMessage());
        return "packages/import";
    }

    private String page(String name, Notice notice, Model model, HttpServletRequest request) {
        PackageResponse pkg = byName(name);
        model.addAttribute("pkg", pkg);
        model.addAttribute("versions", versions.list(pkg.id(), PageRequest.of(0, 100)).getContent());
        model.addAttribute("dialects", dialects.names());
        model.addAttribute("environments", environments.list(null));
        model.addAttribute("notice", notice);
        return Htmx.view(request, "packages/show", "versions");
    }

    /** {@code name} is the address of the package page: its name, or its id when the name cannot be an address. */
    private PackageResponse byName(String name) {
        return packages.byPageRef(name);
    }
}
