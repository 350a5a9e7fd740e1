package io.loadsmith.export;

import java.util.List;

/**
 * A SQL package ready to be written as a zip: its files already deflated and hashed
 * ({@link DeflatedFile}) and its manifest. What the export holds between generating and writing,
 * at about a tenth of the SQL's size; only {@link SqlPackageExporter} reads the files.
 */
public final class DeflatedPackage {

    private final List<DeflatedFile> files;
    private final SqlPackage.Manifest manifest;

    DeflatedPackage(List<DeflatedFile> files, SqlPackage.Manifest manifest) {
        this.files = List.copyOf(files);
        this.manifest = manifest;
    }

    List<DeflatedFile> files() {
        return files;
    }

    public SqlPackage.Manifest manifest() {
        return manifest;
    }
}
