package io.loadsmith.template;

import org.springframework.stereotype.Component;

import io.loadsmith.entitytype.StoredTransformationTypes;

/** The entity-type feature's question, answered from the store's transformation types. */
@Component
class TransformationTypeNames implements StoredTransformationTypes {

    private final TransformationTypeRepository types;

    TransformationTypeNames(TransformationTypeRepository types) {
        this.types = types;
    }

    @Override
    public boolean exists(String name) {
        return types.findByName(name).isPresent();
    }
}
