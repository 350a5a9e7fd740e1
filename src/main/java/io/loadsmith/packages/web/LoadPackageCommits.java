package io.loadsmith.packages.web;

import org.springframework.stereotype.Component;

import io.loadsmith.load.web.PackageCommits;
import io.loadsmith.packageregistry.MetadataPackageService;
import io.loadsmith.packageregistry.PackageResponse;
import io.loadsmith.packages.PackageVersionService;
import io.loadsmith.packages.api.CommitRequest;
import io.loadsmith.problem.NotFoundException;
import io.loadsmith.problem.RequestChecks;

/** The load page's "Save and commit": the same commit as the package page's, checked the same way. */
@Component
record LoadPackageCommits(MetadataPackageService packages, PackageVersionService versions) implements PackageCommits {

    @Override
    public Committed commit(String packageName, String message) {
        PackageResponse pkg = packages.list(packageName).stream().findFirst()
                .orElseThrow(() -> NotFoundException.name("Package", packageName));
        CommitRequest commit = RequestChecks.valid(new CommitRequest(message, null));
        return new Committed(pkg.page(), versions.commit(pkg.id(), commit.message()).number());
    }
}
