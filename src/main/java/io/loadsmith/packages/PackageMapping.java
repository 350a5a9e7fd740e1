package io.loadsmith.packages;

import java.util.Arrays;
import java.util.Map;
import java.util.Objects;

import io.loadsmith.entity.AttributeJson;
import io.loadsmith.entity.EntityRequest;
import io.loadsmith.entity.EntityResponse;
import io.loadsmith.entitytype.LoadType;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.entitytype.AttributeTypeRequest;
import io.loadsmith.entitytype.AttributeTypeResponse;
import io.loadsmith.entitytype.DatatypeMappingRequest;
import io.loadsmith.entitytype.DatatypeMappingResponse;
import io.loadsmith.entitytype.DefaultAttributeRequest;
import io.loadsmith.entitytype.DefaultAttributeResponse;
import io.loadsmith.entitytype.EntityTypeRequest;
import io.loadsmith.entitytype.EntityTypeResponse;
import io.loadsmith.environment.EnvironmentRequest;
import io.loadsmith.environment.EnvironmentResponse;
import io.loadsmith.exchange.PackageDocument;
import io.loadsmith.exchange.PackageDocument.AttributeDoc;
import io.loadsmith.exchange.PackageDocument.AttributeTypeDoc;
import io.loadsmith.exchange.PackageDocument.DatatypeMappingDoc;
import io.loadsmith.exchange.PackageDocument.DefaultAttributeDoc;
import io.loadsmith.exchange.PackageDocument.EntityDoc;
import io.loadsmith.exchange.PackageDocument.EntityTypeAttributeDoc;
import io.loadsmith.exchange.PackageDocument.EntityTypeDoc;
import io.loadsmith.exchange.PackageDocument.EnvironmentDoc;
import io.loadsmith.exchange.PackageDocument.AttributeMappingDoc;
import io.loadsmith.exchange.PackageDocument.LoadDoc;
import io.loadsmith.exchange.PackageDocument.MappingDoc;
import io.loadsmith.exchange.PackageDocument.LoadTypeDoc;
import io.loadsmith.exchange.PackageDocument.ParameterDoc;
import io.loadsmith.exchange.PackageDocument.PresetDoc;
import io.loadsmith.exchange.PackageDocument.PresetUseDoc;
import io.loadsmith.exchange.PackageDocument.StepDoc;
import io.loadsmith.exchange.PackageDocument.TemplateDoc;
import io.loadsmith.exchange.PackageDocument.TransformationTypeDoc;
import io.loadsmith.generation.catalog.ParameterType;
import io.loadsmith.generation.model.StepType;
import io.loadsmith.load.AttributeMapping;
import io.loadsmith.load.EntityMapping;
import io.loadsmith.load.StepKind;
import io.loadsmith.load.LoadRequest;
import io.loadsmith.load.LoadResponse;
import io.loadsmith.load.StepJson;
import io.loadsmith.packageregistry.PackageRequest;
import io.loadsmith.preset.PresetRequest;
import io.loadsmith.preset.PresetResponse;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.template.ParameterJson;
import io.loadsmith.template.TemplateRequest;
import io.loadsmith.template.TemplateResponse;
import io.loadsmith.template.TransformationTypeRequest;
import io.loadsmith.template.TransformationTypeResponse;
import io.loadsmith.problem.RequestChecks;

/**
 * How each kind of object maps to its part of the package document and back: export
 * ({@code doc(response)}) and import ({@code request(version, doc, …)}) side by side, one pair per
 * kind and nested part, so a new field is added to both directions in one place (and
 * PackageMappingTest fails when a field is carried one way only). What an import does with the
 * requests (order, ownership, deletions) is {@link PackageImporter}'s; what an export selects is
 * {@link PackageSnapshots}'.
 */
final class PackageMapping {

    private PackageMapping() {
    }

    /** The package itself: its name and description are the document's; nothing is exported apart. */
    static PackageRequest request(Long version, PackageDocument doc) {
        return valid(new PackageRequest(version, doc.name(), doc.description()));
    }

    static AttributeTypeDoc doc(AttributeTypeResponse t) {
        return new AttributeTypeDoc(t.name(), t.superAttributeType(), t.description());
    }

    static AttributeTypeRequest request(Long version, AttributeTypeDoc t) {
        return valid(new AttributeTypeRequest(version, t.name(), t.superAttributeType(), t.description()));
    }

    static DefaultAttributeDoc doc(DefaultAttributeResponse d) {
        return new DefaultAttributeDoc(d.code(), d.nameTemplate(), d.datatype(), d.dataLength(), d.dataPrecision(),
                d.dataScale(), d.nullable(), d.attributeType(), d.description());
    }

    static DefaultAttributeRequest request(Long version, DefaultAttributeDoc d) {
        return valid(new DefaultAttributeRequest(version, d.code(), d.nameTemplate(), d.datatype(), d.dataLength(),
                d.dataPrecision(), d.dataScale(), d.nullable(), d.attributeType(), d.description()));
    }

    static EntityTypeDoc doc(EntityTypeResponse t) {
        return new EntityTypeDoc(t.name(), t.description(), t.namePrefix(), t.nameSuffix(), t.defaultSchema(),
                name(t.defaultPhysicalType()),
                t.defaultAttributes().stream().map(r -> new EntityTypeAttributeDoc(r.defaultAttribute(),
                        r.transformationType())).toList(),
                t.loadTypes().stream().map(l -> new LoadTypeDoc(l.physicalType().name(), l.loadType().name())).toList());
    }

    static EntityTypeRequest request(Long version, EntityTypeDoc t, String packageName) {
        return valid(new EntityTypeRequest(version, t.name(), t.description(), t.namePrefix(), t.nameSuffix(),
                t.defaultSchema(), physical(t.defaultPhysicalType(), "defaultPhysicalType"), packageName,
                t.defaultAttributes().stream().map(a -> new EntityTypeRequest.DefaultAttributeRef(a.defaultAttribute(),
                        a.transformationType())).toList(),
                t.loadTypes().stream().map(l -> new EntityTypeRequest.LoadTypeJson(physical(l.physicalType(), "loadTypes"),
                        loadType(l.loadType()))).toList()));
    }

    static TransformationTypeDoc doc(TransformationTypeResponse t) {
        return new TransformationTypeDoc(t.name(), t.description(), t.formulas());
    }

    static TransformationTypeRequest request(Long version, TransformationTypeDoc t) {
        return valid(new TransformationTypeRequest(version, t.name(), t.description(), t.formulas()));
    }

    /** A template of no package is marked shared, so that an import of the file keeps it shared. */
    static TemplateDoc doc(TemplateResponse t) {
        return new TemplateDoc(t.name(), t.description(), t.packageName() == null, t.parameters().stream()
                .map(p -> new ParameterDoc(p.name(), Objects.requireNonNullElse(p.type(), ParameterType.STRING).name(),
                        p.required(), p.defaultValue(), p.description())).toList(), t.variants());
    }

    static TemplateRequest request(Long version, TemplateDoc t, String packageName) {
        return valid(new TemplateRequest(version, t.name(), t.description(), packageName, t.parameters().stream()
                .map(p -> new ParameterJson(p.name(), parameterType(p.type()), Boolean.TRUE.equals(p.required()),
                        p.defaultValue(), p.description())).toList(), t.variants()));
    }

    static EntityDoc doc(EntityResponse e) {
        return new EntityDoc(e.schema(), e.name(), e.logicalName(), e.entityType(), name(e.physicalType()),
                e.description(), e.fullRefreshPolicy(), e.caseSensitive(),
                e.attributes().stream().map(PackageMapping::doc).toList());
    }

    /** {@code entityType} apart: an import creates an entity without its type first (see PackageImporter). */
    static EntityRequest request(Long version, EntityDoc e, String packageName, String entityType) {
        return valid(new EntityRequest(version, e.logicalName(), e.name(), e.schema(), entityType,
                physical(e.physicalType(), "physicalType"), packageName, e.description(), e.fullRefreshPolicy(),
                e.attributes().stream().map(PackageMapping::attribute).toList(), e.caseSensitive()));
    }

    static AttributeDoc doc(AttributeJson a) {
        return new AttributeDoc(a.name(), a.datatype(), a.dataLength(), a.dataPrecision(), a.dataScale(),
                a.nullable() == null || a.nullable(), a.attributeType(), a.description(), a.renamedFrom(),
                a.caseSensitive());
    }

    static AttributeJson attribute(AttributeDoc a) {
        return new AttributeJson(a.name(), a.datatype(), a.dataLength(), a.dataPrecision(), a.dataScale(), a.nullable(),
                a.attributeType(), a.description(), a.renamedFrom(), a.caseSensitive());
    }

    static LoadDoc doc(LoadResponse l) {
        return new LoadDoc(l.name(), l.target(), name(l.loadType()), l.description(), l.sources(), l.options(),
                l.steps().stream().map(PackageMapping::doc).toList(), l.mappings().stream().map(m -> new MappingDoc(
                        m.source(), m.mappingType(), m.name(), m.attributes().stream().map(a -> new AttributeMappingDoc(
                                a.target(), a.sources(), a.transformationType(), a.formula())).toList())).toList());
    }

    /** The document is the whole truth of a load: no mappings there removes the stored ones. */
    static LoadRequest request(Long version, LoadDoc l) {
        return valid(new LoadRequest(version, l.name(), l.target(), l.loadType() == null ? null : loadType(l.loadType()),
                l.description(), l.sources(), l.steps().stream().map(PackageMapping::step).toList(),
                Map.copyOf(l.options()), l.mappings().stream().map(m -> new EntityMapping(m.source(), m.mappingType(),
                        m.name(), m.attributes().stream().map(a -> new AttributeMapping(a.target(), a.sources(),
                                a.transformationType(), a.formula())).toList())).toList()));
    }

    static StepDoc doc(StepJson s) {
        return new StepDoc(s.name(), s.type().name(), s.text(), name(s.kind()));
    }

    static StepJson step(StepDoc s) {
        return new StepJson(s.name(), enumValue(StepType.class, s.type(), "steps.type"), s.text(),
                s.kind() == null ? null : enumValue(StepKind.class, s.kind(), "steps.kind"));
    }

    static EnvironmentDoc doc(EnvironmentResponse e) {
        return new EnvironmentDoc(e.name(), e.description(), e.variables());
    }

    static EnvironmentRequest request(Long version, EnvironmentDoc e) {
        return valid(new EnvironmentRequest(version, e.name(), e.description(), e.variables()));
    }

    static PresetDoc doc(PresetResponse p) {
        return new PresetDoc(p.name(), p.description(), p.options(), p.steps().stream().map(PackageMapping::doc).toList(),
                p.uses().stream().map(u -> new PresetUseDoc(u.entityType(), u.loadType().name(), u.position(),
                        u.isDefault())).toList());
    }

    static PresetRequest request(Long version, PresetDoc p, String packageName) {
        return valid(new PresetRequest(version, p.name(), p.description(), packageName,
                p.steps().stream().map(PackageMapping::step).toList(), Map.copyOf(p.options()),
                p.uses().stream().map(u -> new PresetRequest.Use(u.entityType(), loadType(u.loadType()), u.position(),
                        u.isDefault())).toList()));
    }

    static DatatypeMappingDoc doc(DatatypeMappingResponse m) {
        return new DatatypeMappingDoc(m.dialect(), m.logicalDatatype(), m.physicalPattern());
    }

    static DatatypeMappingRequest request(Long version, DatatypeMappingDoc m) {
        return valid(new DatatypeMappingRequest(version, m.dialect(), m.logicalDatatype(), m.physicalPattern()));
    }

    /** The API's checks of each record (sizes, required fields), so an import stores nothing the API would refuse. */
    private static <T> T valid(T request) {
        return RequestChecks.valid(request);
    }

    private static String name(Enum<?> value) {
        return value == null ? null : value.name();
    }

    private static PhysicalType physical(String value, String field) {
        return value == null ? null : enumValue(PhysicalType.class, value, field);
    }

    private static LoadType loadType(String value) {
        return enumValue(LoadType.class, value, "loadType");
    }

    private static ParameterType parameterType(String value) {
        return value == null ? ParameterType.STRING : enumValue(ParameterType.class, value, "type");
    }

    private static <E extends Enum<E>> E enumValue(Class<E> type, String value, String field) {
        try {
            return Enum.valueOf(type, value);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw InvalidRequestException.of(field, value, "must be one of " + Arrays.toString(type.getEnumConstants()));
        }
    }
}
