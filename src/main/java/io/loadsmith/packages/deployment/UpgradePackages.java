package io.loadsmith.packages.deployment;

import java.util.ArrayList;
import java.util.List;

import io.loadsmith.export.SqlPackage;
import io.loadsmith.export.SqlPackageExporter;
import io.loadsmith.export.migration.Migration;

/**
 * An upgrade SQL package: the version's SQL package with {@code migrations/<from>-to-<to>.sql} in
 * place of the CREATE TABLE files (the migration creates the new tables and alters the others),
 * first in the run order, then the loads; the manifest lists each with its SHA-256.
 */
public final class UpgradePackages {

    private UpgradePackages() {
    }

    public static SqlPackage withMigration(SqlPackage full, Migration migration) {
        List<SqlPackage.File> files = new ArrayList<>();
        files.add(new SqlPackage.File("migrations/" + migration.from() + "-to-" + migration.to() + ".sql", "migration",
                migration.from() + "-to-" + migration.to(), migration.sql()));
        full.files().stream().filter(f -> !f.kind().equals("ddl")).forEach(files::add);
        List<SqlPackage.ManifestFile> listed = new ArrayList<>();
        for (SqlPackage.File f : files) {
            listed.add(new SqlPackage.ManifestFile(listed.size() + 1, f.path(), f.kind(), f.object(),
                    SqlPackageExporter.sha256(f.content())));
        }
        SqlPackage.Manifest m = full.manifest();
        return new SqlPackage(files, new SqlPackage.Manifest(m.format(), m.packageName(), m.version(), m.dialect(),
                m.environment(), listed));
    }
}
