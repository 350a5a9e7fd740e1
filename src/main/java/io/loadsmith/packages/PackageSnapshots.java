package io.loadsmith.packages;

import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.loadsmith.entity.EntityService;
import io.loadsmith.entitytype.AttributeTypeService;
import io.loadsmith.entitytype.DatatypeMappingService;
import io.loadsmith.entitytype.DefaultAttributeService;
import io.loadsmith.entitytype.EntityTypeService;
import io.loadsmith.environment.EnvironmentService;
import io.loadsmith.exchange.PackageDocument;
import io.loadsmith.exchange.PackageDocument.AttributeDoc;
import io.loadsmith.exchange.PackageJson;
import io.loadsmith.generation.catalog.ParameterType;
import io.loadsmith.load.LoadService;
import io.loadsmith.packageregistry.MetadataPackageService;
import io.loadsmith.packageregistry.api.PackageResponse;
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
@Transactional(readOnly = true)
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
        List<PackageDocument.EntityDoc> entityDocs = entities.list(null).stream()
                .filter(e -> name.equals(e.packageName()))
                .map(e -> new PackageDocument.EntityDoc(e.schema(), e.name(), e.logicalName(), e.entityType(),
                        e.physicalType() == null ? null : e.physicalType().name(), e.description(),
                        e.fullRefreshPolicy(), e.caseSensitive(),
                        e.attributes().stream().map(a -> new AttributeDoc(a.name(), a.datatype(), a.dataLength(),
                                a.dataPrecision(), a.dataScale(), a.nullable() == null || a.nullable(),
                                a.attributeType(), a.description(), a.renamedFrom(), a.caseSensitive())).toList()))
                .toList();
        Set<String> owned = entityDocs.stream().map(PackageDocument.EntityDoc::qualifiedName).collect(Collectors.toSet());
        return PackageJson.canonical(new PackageDocument(PackageDocument.FORMAT, name, pkg.description(),
                attributeTypes.list(null).stream()
                        .map(t -> new PackageDocument.AttributeTypeDoc(t.name(), t.superAttributeType(), t.description()))
                        .toList(),
                defaultAttributes.list(null).stream()
                        .map(d -> new PackageDocument.DefaultAttributeDoc(d.code(), d.nameTemplate(), d.datatype(),
                                d.dataLength(), d.dataPrecision(), d.dataScale(), d.nullable(), d.attributeType(),
                                d.description()))
                        .toList(),
                entityTypes.list(null).stream().filter(t -> name.equals(t.packageName()))
                        .map(t -> new PackageDocument.EntityTypeDoc(t.name(), t.description(), t.namePrefix(),
                                t.nameSuffix(), t.defaultSchema(),
                                t.defaultPhysicalType() == null ? null : t.defaultPhysicalType().name(),
                                t.defaultAttributes().stream().map(r -> new PackageDocument.EntityTypeAttributeDoc(
                                        r.defaultAttribute(), r.transformationType())).toList(),
                                t.loadTypes().stream().map(l -> new PackageDocument.LoadTypeDoc(
                                        l.physicalType().name(), l.loadType().name())).toList()))
                        .toList(),
                transformationTypes.list(null).stream()
                        .map(t -> new PackageDocument.TransformationTypeDoc(t.name(), t.description(), t.formulas()))
                        .toList(),
                // The package's own templates and the shared ones (no package), so that a committed
                // version renders the same later whatever happens to the store.
                templates.list(null).stream().filter(t -> t.packageName() == null || name.equals(t.packageName()))
                        .map(t -> new PackageDocument.TemplateDoc(t.name(), t.description(), t.parameters().stream()
                                .map(p -> new PackageDocument.ParameterDoc(p.name(),
                                        Objects.requireNonNullElse(p.type(), ParameterType.STRING).name(),
                                        p.required(), p.defaultValue(), p.description())).toList(), t.variants()))
                        .toList(),
                entityDocs,
                loads.list(null).stream().filter(l -> owned.contains(l.target()))
                        .map(l -> new PackageDocument.LoadDoc(l.name(), l.target(),
                                l.loadType() == null ? null : l.loadType().name(), l.description(), l.sources(),
                                l.options(), l.steps().stream().map(s -> new PackageDocument.StepDoc(s.name(),
                                        s.type().name(), s.text(), s.kind() == null ? null : s.kind().name())).toList()))
                        .toList(),
                environments.list(null).stream()
                        .map(e -> new PackageDocument.EnvironmentDoc(e.name(), e.description(), e.variables()))
                        .toList(),
                presets.ofPackage(name).stream()
                        .map(p -> new PackageDocument.PresetDoc(p.name(), p.description(), p.options(),
                                p.steps().stream().map(st -> new PackageDocument.StepDoc(st.name(), st.type().name(),
                                        st.text(), st.kind() == null ? null : st.kind().name())).toList(),
                                p.uses().stream().map(u -> new PackageDocument.PresetUseDoc(u.entityType(),
                                        u.loadType().name(), u.position(), u.isDefault())).toList()))
                        .toList(),
                // Shared like transformation types, and what the preview renders with: an export is the preview.
                datatypeMappings.list(null).stream()
                        .map(m -> new PackageDocument.DatatypeMappingDoc(m.dialect(), m.logicalDatatype(),
                                m.physicalPattern()))
                        .toList()));
    }
}
