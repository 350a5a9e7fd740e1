package io.loadsmith.template;

import io.loadsmith.store.NamedRowRepository;

public interface TransformationTypeRepository extends NamedRowRepository<TransformationType> {
}
