package io.loadsmith.packages.web;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.multipart.MaxUploadSizeExceededException;
import org.springframework.web.multipart.MultipartFile;

import io.loadsmith.exchange.AdeConfigPackages;
import io.loadsmith.exchange.InvalidPackageException;
import io.loadsmith.exchange.PackageJson;
import io.loadsmith.packageregistry.MetadataPackageService;
import io.loadsmith.packages.AdeBatchImport;
import io.loadsmith.packages.PackageImporter;
import io.loadsmith.problem.PayloadTooLargeException;
import io.loadsmith.problem.RefusedBody;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * The package import form: a Loadsmith package (file or pasted JSON) or ADE configuration packages
 * (files, a zip or a pasted array). The importers do the work, as they do for the REST API.
 */
@Controller
@RequestMapping("/packages")
record PackageImportPageController(PackageImporter importer, AdeBatchImport batch) {

    @GetMapping("/import")
    public String importForm(Model model) {
        model.addAttribute("format", "loadsmith");
        return "packages/import";
    }

    @PostMapping("/import")
    public String importPackage(@RequestParam(defaultValue = "loadsmith") String format,
                                @RequestParam(name = "file", required = false) List<MultipartFile> files,
                                @RequestParam(required = false) String json, Model model) throws IOException {
        model.addAttribute("format", format);
        model.addAttribute("json", json);
        List<MultipartFile> given = files == null ? List.of()
                : files.stream().filter(f -> f != null && !f.isEmpty()).toList();
        try {
            if ("ade".equals(format)) {
                // One report for one package, several files, a zip or a pasted array; in dependency order.
                AdeBatchImport.Report report = batch.importAll(adePackages(given, json));
                model.addAttribute("report", report);
                model.addAttribute("reportRows", report.imported().stream()
                        .map(p -> new ReportRow(p, MetadataPackageService.pageRef(p.importedAs(), p.packageId()),
                                WrittenLines.of(p.written()))).toList());
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

    /** A package of the import report, the address of its page and what it wrote, by kind. */
    public record ReportRow(AdeBatchImport.ImportedPackage p, String page, List<WrittenLines> written) {
    }

    /** The configuration packages of the form: files (each a package, an array, or a zip), else the pasted JSON. */
    private static List<AdeConfigPackages.Imported> adePackages(List<MultipartFile> files, String json)
            throws IOException {
        if (files.isEmpty()) {
            return AdeConfigPackages.readArray((json == null ? "" : json).getBytes(StandardCharsets.UTF_8));
        }
        List<AdeConfigPackages.Imported> packages = new ArrayList<>();
        List<InvalidPackageException.Problem> problems = new ArrayList<>();
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
                List<AdeConfigPackages.Imported> read = zip ? AdeConfigPackages.readZip(body)
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
        model.addAttribute("resultWritten", WrittenLines.of(result.written()));
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
}
