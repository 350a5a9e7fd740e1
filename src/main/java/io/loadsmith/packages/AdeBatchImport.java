package io.loadsmith.packages;

import io.loadsmith.packageregistry.MetadataPackageService;

import java.util.ArrayList;
import java.util.List;

import org.springframework.stereotype.Service;

import io.loadsmith.exchange.AdeConfigPackages;

/**
 * Several configuration packages of the commercial tool in one import: put in the order of their
 * packageDependencies (whatever order they came in), a dependency that is neither in the batch nor
 * in the store refused before anything is written, then imported together, all or nothing.
 */
@Service
public class AdeBatchImport {

    private final PackageImporter importer;
    private final MetadataPackageService packages;

    public AdeBatchImport(PackageImporter importer, MetadataPackageService packages) {
        this.importer = importer;
        this.packages = packages;
    }

    /** What one import did: each package in the order imported, and what was passed over, with the reason. */
    public record Report(List<ImportedPackage> imported, List<AdeConfigPackages.Passed> skipped) {
    }

    /**
     * One imported package: the tool's name, the Loadsmith package it became, where it was in the
     * request ("$[2]", a file of the zip), the counts, and each object created, updated or removed by name.
     */
    public record ImportedPackage(String packageName, String importedAs, long packageId, String from, int created,
                                  int updated, int unchanged, int deleted, List<PackageImporter.Written> written) {
    }

    public Report importAll(List<AdeConfigPackages.Imported> given) {
        List<AdeConfigPackages.Imported> ordered = AdeConfigPackages.ordered(given, name -> !packages.list(name).isEmpty());
        List<PackageImporter.Result> results = importer.applyAll(ordered.stream()
                .map(p -> new PackageImporter.Labelled(p.where(), p.document())).toList());
        List<ImportedPackage> imported = new ArrayList<>();
        List<AdeConfigPackages.Passed> skipped = new ArrayList<>();
        for (int i = 0; i < ordered.size(); i++) {
            AdeConfigPackages.Imported p = ordered.get(i);
            PackageImporter.Result r = results.get(i);
            imported.add(new ImportedPackage(p.header().packageName(), r.packageName(), r.packageId(), p.where(),
                    r.created(), r.updated(), r.unchanged(), r.deleted(), r.written()));
            skipped.addAll(p.passedOver());
        }
        return new Report(imported, skipped);
    }
}
