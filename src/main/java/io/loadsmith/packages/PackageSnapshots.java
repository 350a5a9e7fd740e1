package io.loadsmith.packages;

import java.util.List;

import org.springframework.stereotype.Service;

import io.loadsmith.entity.EntityService;
import io.loadsmith.entitytype.AttributeTypeService;
import io.loadsmith.entitytype.DatatypeMappingService;
import io.loadsmith.entitytype.DefaultAttributeService;
import io.loadsmith.entitytype.EntityTypeService;
import io.loadsmith.environment.EnvironmentService;
import io.loadsmith.exchange.PackageDocument;
import io.loadsmith.exchange.PackageJson;
import io.loadsmith.load.LoadService;
import io.loadsmith.packageregistry.MetadataPackageService;
import io.loadsmith.packageregistry.PackageResponse;
import io.loadsmith.preset.LoadPresetService;
import io.loadsmith.template.TemplateService;
import io.loadsmith.template.TransformationTypeService;

/**
 * The working state of a package as a {@link PackageDocument}: its entity types, templates,
 * entities and the loads of those entities, plus the shared configuration they stand on
 * (attribute types, default attributes, transformation types, environments, datatype mappings) so the document is
 * complete on its own: the command-line export needs nothing else.
 */
@Service
@SnapshotRead
public class PackageSnapshots {

    private final MetadataPackageService packages;
    private final AttributeTypeService attributeTypes;
    private final DefaultAttributeService defaultAttributes;
    private final EntityTypeService entityTypes;
    private final TransformationTypeService transformationTypes;
    private final TemplateService templates;
    private final EntityService entities;
    private final LoadService loads;
    private final EnvironmentService environments;
    private final LoadPresetService presets;
    private final DatatypeMappingService datatypeMappings;

    public PackageSnapshots(MetadataPackageService packages, AttributeTypeService attributeTypes,
                            DefaultAttributeService defaultAttributes, EntityTypeService entityTypes,
                            TransformationTypeService transformationTypes, TemplateService templates,
                            EntityService entities, LoadService loads, EnvironmentService environments,
                            LoadPresetService presets,
                            DatatypeMappingService datatypeMappings) {
        this.presets = presets;
        this.datatypeMappings = datatypeMappings;
        this.packages = packages;
        this.attributeTypes = attributeTypes;
        this.defaultAttributes = defaultAttributes;
        this.entityTypes = entityTypes;
        this.transformationTypes = transformationTypes;
        this.templates = templates;
        this.entities = entities;
        this.loads = loads;
        this.environments = environments;
    }

    public PackageDocument read(long packageId) {
        PackageResponse pkg = packages.get(packageId);
        String name = pkg.name();
        // Only this package's entities and loads: an export's read does not grow with the rest of the store.
        List<PackageDocument.EntityDoc> entityDocs = entities.ofPackage(name).stream().map(PackageMapping::doc).toList();
        return PackageJson.canonical(new PackageDocument(PackageDocument.FORMAT, name, pkg.description(),
                attributeTypes.list(null).stream().map(PackageMapping::doc).toList(),
                defaultAttributes.list(null).stream().map(PackageMapping::doc).toList(),
                entityTypes.list(null).stream().filter(t -> name.equals(t.packageName())).map(PackageMapping::doc).toList(),
                transformationTypes.list(null).stream().map(PackageMapping::doc).toList(),
                // The package's own templates and the shared ones (no package), so that a committed
                // version renders the same later whatever happens to the store.
                templates.list(null).stream().filter(t -> t.packageName() == null || name.equals(t.packageName()))
                        .map(PackageMapping::doc).toList(),
                entityDocs,
                loads.ofPackage(name).stream().map(PackageMapping::doc).toList(),
                environments.list(null).stream().map(PackageMapping::doc).toList(),
                presets.ofPackage(name).stream().map(PackageMapping::doc).toList(),
                // Shared like transformation types, and what the preview renders with: an export is the preview.
                datatypeMappings.list(null).stream().map(PackageMapping::doc).toList()));
    }
}
