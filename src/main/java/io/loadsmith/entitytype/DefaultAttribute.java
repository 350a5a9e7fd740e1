package io.loadsmith.entitytype;

import java.util.Locale;

import jakarta.persistence.Column;
import jakarta.persistence.Embedded;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

import io.loadsmith.store.StoredRow;

/**
 * An attribute that entity types add to every new entity, e.g. {@code <entity_logical_name>_scd_id}.
 * {@code code} is its key (the import format's defaultAttributeId).
 */
@Entity
@Table(name = "default_attribute")
public class DefaultAttribute extends StoredRow implements ShapedAttribute {

    public static final String LOGICAL_NAME_PLACEHOLDER = "<entity_logical_name>";
    public static final String NAME_PLACEHOLDER = "<entity_name>";

    @Column(nullable = false)
    private String code;

    @Column(name = "name_template", nullable = false)
    private String nameTemplate;

    @Embedded
    private AttributeShape shape;

    protected DefaultAttribute() {
        // for JPA
    }

    public DefaultAttribute(String code) {
        this.code = code;
    }

    public void change(String newCode, String newNameTemplate, String newDatatype, Integer length, Integer precision,
                       Integer scale, boolean isNullable, String newAttributeType, String newDescription) {
        this.code = newCode;
        this.nameTemplate = newNameTemplate;
        this.shape = new AttributeShape(newDatatype, length, precision, scale, isNullable, newAttributeType,
                newDescription);
    }

    /** The attribute name for an entity: placeholders replaced by the lower-cased names. */
    public String nameFor(String entityLogicalName, String entityName) {
        return nameTemplate
                .replace(LOGICAL_NAME_PLACEHOLDER, entityLogicalName.toLowerCase(Locale.ROOT))
                .replace(NAME_PLACEHOLDER, entityName.toLowerCase(Locale.ROOT));
    }

    public String getCode() {
        return code;
    }

    public String getNameTemplate() {
        return nameTemplate;
    }

    @Override
    public AttributeShape shape() {
        return shape;
    }
}
