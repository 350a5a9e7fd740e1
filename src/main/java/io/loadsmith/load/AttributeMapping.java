package io.loadsmith.load;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import io.loadsmith.limits.Limits;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/**
 * One mapped target attribute: the source attributes that feed it, in order, and the transformation
 * type that combines them ({@code null}: a plain copy of the one source attribute). {@code formula}
 * is the SQL expression of the type {@code CUSTOM} and must be absent otherwise.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"target", "sources", "transformationType", "formula"})
public record AttributeMapping(
        @NotBlank @Size(max = Limits.NAME, message = Limits.CHARACTERS) String target,
        @Size(max = Limits.MAPPINGS, message = Limits.ENTRIES)
        List<@Size(max = Limits.NAME, message = Limits.CHARACTERS) String> sources,
        @Size(max = Limits.NAME, message = Limits.CHARACTERS) String transformationType,
        @Size(max = Limits.FORMULA_TEXT, message = Limits.CHARACTERS) String formula) {

    public static final String CUSTOM = "CUSTOM";

    public AttributeMapping {
        sources = sources == null ? List.of() : List.copyOf(sources);
        transformationType = transformationType == null || transformationType.isBlank() ? null : transformationType;
    }
}
