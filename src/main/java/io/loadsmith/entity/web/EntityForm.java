package io.loadsmith.entity.web;

import java.util.ArrayList;
import java.util.List;

import io.loadsmith.entity.AttributeJson;
import io.loadsmith.entity.EntityRequest;
import io.loadsmith.entity.EntityResponse;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.web.FormFields;
import io.loadsmith.web.FormRows;

/**
 * The entity page's form, bound from the browser's fields. Field names are the API's, so the
 * service's field problems ({@code attributes[3].datatype}) land at the right input.
 *
 * Like every form record, it keeps numbers and choices as the text the browser sent, so a refusal shows
 * what was typed; {@link FormFields} types them and names the field that is not a value.
 *
 * @param loadPreset on the new-entity form: the preset to create the entity's load from at once, when ticked
 * @param source on the new-entity form: an entity whose business columns the new one copies, and that its load reads
 */
public record EntityForm(String version, String logicalName, String name, String schema, String entityType,
                         String physicalType, String packageName, String description, String fullRefreshPolicy,
                         String loadPreset, String source, Boolean caseSensitive, List<AttributeRow> attributes) {

    /** A checkbox the browser did not send is unticked (its hidden field marker makes it false too). */
    public EntityForm {
        caseSensitive = Boolean.TRUE.equals(caseSensitive);
        attributes = FormRows.bound(attributes, AttributeRow::blankRow);
    }

    /** The new-entity form, with the type and package the link that opened it chose (either may be null). */
    static EntityForm start(String entityType, String packageName) {
        return new EntityForm(null, null, null, null, entityType, null, packageName, null, null, null, null, false,
                List.of());
    }

    public static EntityForm of(EntityResponse e) {
        return new EntityForm(FormFields.text(e.version()), e.logicalName(), e.name(), e.schema(), e.entityType(),
                e.physicalType() == null ? null : e.physicalType().name(),
                e.packageName(), e.description(), e.fullRefreshPolicy(), null, null, e.caseSensitive(),
                e.attributes().stream().map(AttributeRow::of).toList());
    }

    public EntityRequest toRequest() {
        FormFields fields = new FormFields();
        List<AttributeJson> json = new ArrayList<>();
        for (int i = 0; i < attributes.size(); i++) {
            json.add(attributes.get(i).toJson(fields, "attributes[" + i + "]."));
        }
        return fields.request(new EntityRequest(fields.whole("version", version), blank(logicalName), blank(name),
                blank(schema), blank(entityType), fields.choice("physicalType", physicalType, PhysicalType.class),
                blank(packageName), blank(description), blank(fullRefreshPolicy), json, caseSensitive));
    }

    /** The form with the grid's rows as an editor button left them (added, removed or moved; nothing saved). */
    EntityForm withAttributes(List<AttributeRow> rows) {
        return new EntityForm(version, logicalName, name, schema, entityType, physicalType, packageName, description,
                fullRefreshPolicy, loadPreset, source, caseSensitive, rows);
    }

    static String blank(String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }

    /**
     * One row of the attribute grid.
     *
     * @param renamedFrom kept as the API set it (package JSON renamedFrom), so saving the form does not forget a rename
     */
    public record AttributeRow(String name, String datatype, String dataLength, String dataPrecision,
                               String dataScale, Boolean nullable, String attributeType, String description,
                               String renamedFrom, Boolean caseSensitive) {

        /** A row without a nullable field at all (not even the checkbox's marker) keeps the default: nullable. */
        public AttributeRow {
            nullable = nullable == null || nullable;
            caseSensitive = Boolean.TRUE.equals(caseSensitive);
        }

        /** A new row: nullable until the user says otherwise. */
        static AttributeRow blankRow() {
            return new AttributeRow(null, null, null, null, null, true, null, null, null, false);
        }

        static AttributeRow of(AttributeJson a) {
            return new AttributeRow(a.name(), a.datatype(), FormFields.text(a.dataLength()), FormFields.text(a.dataPrecision()), FormFields.text(a.dataScale()),
                    a.nullable() == null || a.nullable(), a.attributeType(), a.description(), a.renamedFrom(),
                    Boolean.TRUE.equals(a.caseSensitive()));
        }

        AttributeJson toJson(FormFields fields, String path) {
            return new AttributeJson(name == null ? "" : name.strip(), datatype == null ? "" : datatype,
                    fields.integer(path + "dataLength", dataLength), fields.integer(path + "dataPrecision", dataPrecision),
                    fields.integer(path + "dataScale", dataScale), nullable, blank(attributeType), blank(description), blank(renamedFrom),
                    caseSensitive);
        }
    }
}
