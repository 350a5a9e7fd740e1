package io.loadsmith.deployment;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import io.loadsmith.exchange.PackageDocument.AttributeDoc;

/**
 * One change of the model between two package versions, as the plan lists it. {@code entity} is
 * {@code schema.name}; {@code attribute} the column's name after the change (before it, for a
 * drop); {@code before} / {@code after} say what it was and becomes (a type, a name); a
 * destructive change can lose data and {@code reason} says how. The attribute documents are for rendering only;
 * {@code previous} (JSON {@code follows}: the column an added one follows, none = first) place it.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"kind", "entity", "attribute", "before", "after", "destructive", "reason", "follows", "description"})
public record MigrationChange(
        ChangeKind kind,
        String entity,
        String attribute,
        String before,
        String after,
        boolean destructive,
        String reason,
        @JsonIgnore AttributeDoc from,
        @JsonIgnore AttributeDoc to,
        @JsonProperty("follows") String previous) {

    /** A sentence for refusals, headers and the designer, e.g. "widen column dw.t.name VARCHAR(10) → VARCHAR(20)". */
    @JsonProperty
    public String description() {
        StringBuilder text = new StringBuilder(kind.label()).append(' ').append(entity);
        if (attribute != null) {
            text.append('.').append(attribute);
        }
        if (before != null && after != null) {
            text.append(": ").append(before).append(" → ").append(after);
        } else if (after != null) {
            text.append(' ').append(after);
        } else if (before != null) {
            text.append(" (was ").append(before).append(')');
        }
        return text.toString();
    }
}
