package io.loadsmith.entitytype.web;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.loadsmith.entitytype.LoadType;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.entitytype.DatatypeMappingRequest;
import io.loadsmith.entitytype.DefaultAttributeRequest;
import io.loadsmith.entitytype.DefaultAttributeResponse;
import io.loadsmith.entitytype.EntityTypeRequest;
import io.loadsmith.entitytype.EntityTypeResponse;
import io.loadsmith.web.FormFields;

/** The "add" forms of the configuration page, bound from the browser and turned into API requests. */
public final class ConfigurationForms {

    private ConfigurationForms() {
    }

    static String blank(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }

    /** A default attribute, new or edited. A new one is nullable until the form says otherwise. */
    public record DefaultAttributeForm(String version, String code, String nameTemplate, String datatype,
                                       String dataLength, String dataPrecision, String dataScale, Boolean nullable,
                                       String attributeType, String description) {

        /** Without a nullable field at all (not even the checkbox's marker) the default stands: nullable. */
        public DefaultAttributeForm {
            nullable = nullable == null || nullable;
        }

        static DefaultAttributeForm empty() {
            return new DefaultAttributeForm(null, null, null, null, null, null, null, true, null, null);
        }

        static DefaultAttributeForm of(DefaultAttributeResponse d) {
            return new DefaultAttributeForm(FormFields.text(d.version()), d.code(), d.nameTemplate(), d.datatype(),
                    FormFields.text(d.dataLength()), FormFields.text(d.dataPrecision()), FormFields.text(d.dataScale()), d.nullable(), d.attributeType(),
                    d.description());
        }

        DefaultAttributeRequest toRequest() {
            FormFields fields = new FormFields();
            return fields.request(new DefaultAttributeRequest(fields.whole("version", version), blank(code),
                    blank(nameTemplate), blank(datatype), fields.integer("dataLength", dataLength),
                    fields.integer("dataPrecision", dataPrecision), fields.integer("dataScale", dataScale), nullable,
                    blank(attributeType), blank(description)));
        }
    }

    /**
     * An entity type. Default attributes are codes in order, separated by commas, each optionally
     * {@code CODE:TRANSFORMATION_TYPE}; default load types are {@code PHYSICAL=LOAD} pairs.
     */
    public record EntityTypeForm(String version, String name, String description, String packageName,
                                 String namePrefix, String nameSuffix, String defaultSchema,
                                 String defaultPhysicalType, String defaultAttributes, String loadTypes) {

        static EntityTypeForm empty() {
            return new EntityTypeForm(null, null, null, null, null, null, null, PhysicalType.TABLE.name(), null,
                    "TABLE=TRANSFORM_PERSIST");
        }

        static EntityTypeForm of(EntityTypeResponse t) {
            return new EntityTypeForm(FormFields.text(t.version()), t.name(), t.description(), t.packageName(), t.namePrefix(),
                    t.nameSuffix(), t.defaultSchema(), FormFields.text(t.defaultPhysicalType()),
                    String.join(", ", t.defaultAttributes().stream()
                            .map(r -> r.transformationType() == null ? r.defaultAttribute()
                                    : r.defaultAttribute() + ":" + r.transformationType()).toList()),
                    String.join(", ", t.loadTypes().stream().map(l -> l.physicalType() + "=" + l.loadType()).toList()));
        }

        EntityTypeRequest toRequest() {
            List<EntityTypeRequest.DefaultAttributeRef> refs = defaultAttributes == null ? List.of()
                    : Arrays.stream(defaultAttributes.split(",")).map(String::strip).filter(c -> !c.isEmpty())
                    .map(c -> {
                        int colon = c.indexOf(':');
                        return colon < 0 ? new EntityTypeRequest.DefaultAttributeRef(c, null)
                                : new EntityTypeRequest.DefaultAttributeRef(c.substring(0, colon).strip(),
                                        blank(c.substring(colon + 1)));
                    }).toList();
            FormFields fields = new FormFields();
            Long typedVersion = fields.whole("version", version);
            PhysicalType physical = fields.choice("defaultPhysicalType", defaultPhysicalType, PhysicalType.class);
            List<EntityTypeRequest.LoadTypeJson> pairs = new ArrayList<>();
            if (loadTypes != null) {
                for (String pair : loadTypes.split(",")) {
                    if (pair.isBlank()) {
                        continue;
                    }
                    String[] parts = pair.split("=");
                    try {
                        pairs.add(new EntityTypeRequest.LoadTypeJson(PhysicalType.valueOf(parts[0].strip()),
                                LoadType.valueOf(parts.length < 2 ? "" : parts[1].strip())));
                    } catch (IllegalArgumentException e) {
                        fields.refuse("loadTypes", pair.strip(),
                                "is not PHYSICAL_TYPE=LOAD_TYPE with a physical type of "
                                        + Arrays.toString(PhysicalType.values()) + " and a load type of "
                                        + Arrays.toString(LoadType.values()));
                    }
                }
            }
            return fields.request(new EntityTypeRequest(typedVersion, blank(name), blank(description), blank(namePrefix),
                    blank(nameSuffix), blank(defaultSchema), physical, blank(packageName), refs, pairs));
        }
    }

    /** A stored datatype mapping that overrides a dialect file. */
    public record MappingForm(String dialect, String logicalDatatype, String physicalPattern) {

        static MappingForm empty() {
            return new MappingForm(null, null, null);
        }

        DatatypeMappingRequest toRequest() {
            return new DatatypeMappingRequest(null, blank(dialect), blank(logicalDatatype), blank(physicalPattern));
        }
    }
}
