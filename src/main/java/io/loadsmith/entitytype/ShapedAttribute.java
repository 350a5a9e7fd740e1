package io.loadsmith.entitytype;

/** An attribute whose column is described by an {@link AttributeShape}: its getters read the shape. */
public interface ShapedAttribute {

    AttributeShape shape();

    default String getDatatype() {
        return shape().datatype();
    }

    default Integer getDataLength() {
        return shape().dataLength();
    }

    default Integer getDataPrecision() {
        return shape().dataPrecision();
    }

    default Integer getDataScale() {
        return shape().dataScale();
    }

    default boolean isNullable() {
        return shape().nullable();
    }

    default String getAttributeType() {
        return shape().attributeType();
    }

    default String getDescription() {
        return shape().description();
    }
}
