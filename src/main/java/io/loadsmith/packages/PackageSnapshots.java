package io.loadsmith.packages;

import java.util.List;

import org.springframework.stereotype.Service;

import io.loadsmith.exchange.PackageDocument;
import io.loadsmith.exchange.PackageJson;
import io.loadsmith.packageregistry.PackageResponse;

/**
 * The working state of a package as a {@link PackageDocument}: its entity types, templates,
 * entities and the loads of those entities, plus the shared configuration they stand on
 * (attribute types, default attributes, transformation types, environments, datatype mappings) so the document is
 * complete on its own: the command-line export needs nothing else.
 */
@Service
@SnapshotRead
public class PackageSnapshots {

    private final PackageServices services;

    public PackageSnapshots(PackageServices services) {
        this.services = services;
    }

    public PackageDocument read(long packageId) {
        PackageResponse pkg = services.packages().get(packageId);
        String name = pkg.name();
        // Only this package's entities and loads: an export's read does not grow with the rest of the store.
        List<PackageDocument.EntityDoc> entityDocs = services.entities().ofPackage(name).stream()
                .map(PackageMapping::doc).toList();
        return PackageJson.canonical(new PackageDocument(PackageDocument.FORMAT, name, pkg.description(),
                services.attributeTypes().list(null).stream().map(PackageMapping::doc).toList(),
                services.defaultAttributes().list(null).stream().map(PackageMapping::doc).toList(),
                services.entityTypes().list(null).stream().filter(t -> name.equals(t.packageName()))
                        .map(PackageMapping::doc).toList(),
                services.transformationTypes().list(null).stream().map(PackageMapping::doc).toList(),
                // The package's own templates and the shared ones (no package), so that a committed
                // version renders the same later whatever happens to the store.
                services.templates().list(null).stream()
                        .filter(t -> t.packageName() == null || name.equals(t.packageName()))
                        .map(PackageMapping::doc).toList(),
                entityDocs,
                services.loads().ofPackage(name).stream().map(PackageMapping::doc).toList(),
                services.environments().list(null).stream().map(PackageMapping::doc).toList(),
                services.presets().ofPackage(name).stream().map(PackageMapping::doc).toList(),
                // Shared like transformation types, and what the preview renders with: an export is the preview.
                services.datatypeMappings().list(null).stream().map(PackageMapping::doc).toList()));
    }
}
