package io.loadsmith.entitytype;

/**
 * Whether a transformation type is stored, asked by the entity-type rules (an attribute type's
 * transformation must exist). Transformation types belong to the template feature, which depends on
 * this one; it answers through this port so that the dependency runs one way.
 */
public interface StoredTransformationTypes {

    /** Read from the store itself, not a cache: an import creates the type in the same transaction. */
    boolean exists(String name);
}
