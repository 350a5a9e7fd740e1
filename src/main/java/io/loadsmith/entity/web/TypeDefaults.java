package io.loadsmith.entity.web;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.springframework.stereotype.Component;

import io.loadsmith.entitytype.DefaultAttributeService;
import io.loadsmith.entitytype.DefaultAttributeResponse;
import io.loadsmith.entitytype.EntityTypeResponse;

/** What the new-entity form lists under the chosen type: the default attributes the entity will get. */
@Component
record TypeDefaults(DefaultAttributeService defaultAttributes) {

    /** A default attribute that an entity of the chosen type will get. */
    public record TypeDefault(String nameTemplate, String datatype, String attributeType) {
    }

    public List<TypeDefault> of(List<EntityTypeResponse> types, String chosen) {
        Map<String, DefaultAttributeResponse> byCode = defaultAttributes.list(null).stream()
                .collect(Collectors.toMap(DefaultAttributeResponse::code, Function.identity()));
        return types.stream().filter(t -> t.name().equals(chosen)).findFirst()
                .map(t -> t.defaultAttributes().stream().map(ref -> byCode.get(ref.defaultAttribute()))
                        .filter(Objects::nonNull)
                        .map(d -> new TypeDefault(d.nameTemplate(), d.datatype()
                                + (d.dataLength() == null ? "" : "(" + d.dataLength() + ")"), d.attributeType()))
                        .toList())
                .orElse(List.of());
    }
}
