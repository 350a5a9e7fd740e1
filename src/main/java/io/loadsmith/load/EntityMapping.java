package io.loadsmith.load;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import io.loadsmith.limits.Limits;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/**
 * An entity mapping of a load: the source entity ({@code schema.name}) that feeds the load's target,
 * {@code mappingType} SOURCE (the default) or REFERENCE (a lookup), an optional name, and the
 * target attributes it feeds. The position is the list's order.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"source", "mappingType", "name", "attributes"})
public record EntityMapping(
        @NotBlank @Size(max = Limits.QUALIFIED_NAME, message = Limits.CHARACTERS) String source,
        @Size(max = 16, message = Limits.CHARACTERS) String mappingType, // SOURCE or REFERENCE: load_mapping.mapping_type holds 16
        @Size(max = Limits.NAME, message = Limits.CHARACTERS) String name,
        @Size(max = Limits.ATTRIBUTES, message = Limits.ENTRIES) List<@Valid AttributeMapping> attributes) {

    public static final String SOURCE = "SOURCE";
    public static final String REFERENCE = "REFERENCE";

    public EntityMapping {
        mappingType = mappingType == null || mappingType.isBlank() ? SOURCE : mappingType;
        attributes = attributes == null ? List.of() : List.copyOf(attributes);
    }
}
