package io.loadsmith.entitytype;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;

/**
 * The column an attribute becomes, apart from its name: logical datatype with length, precision
 * and scale, nullability, attribute type and description. An entity's attributes and the default
 * attributes its type adds have it alike, in columns of the same names. Immutable: a change
 * replaces it whole.
 */
@Embeddable
public record AttributeShape(
        @Column(name = "datatype", nullable = false) String datatype,
        @Column(name = "data_length") Integer dataLength,
        @Column(name = "data_precision") Integer dataPrecision,
        @Column(name = "data_scale") Integer dataScale,
        @Column(name = "nullable", nullable = false) boolean nullable,
        @Column(name = "attribute_type") String attributeType,
        @Column(name = "description") String description) {
}
