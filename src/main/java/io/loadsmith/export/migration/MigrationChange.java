package io.loadsmith.export.migration;

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
 * {@code physicalBefore} / {@code physicalAfter} are the column's types in the migration's dialect, as
 * its SQL writes them (INTEGER8 is BIGINT on PostgreSQL); null where they read as the logical ones.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"kind", "entity", "attribute", "before", "after", "physicalBefore", "physicalAfter", "destructive",
        "reason", "follows", "description"})
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
        @JsonProperty("follows") String previous,
        String physicalBefore,
        String physicalAfter) {

    MigrationChange(ChangeKind kind, String entity, String attribute, String before, String after, boolean destructive,
                    String reason, AttributeDoc from, AttributeDoc to, String previous) {
        this(kind, entity, attribute, before, after, destructive, reason, from, to, previous, null, null);
    }

    /**
     * This change with the dialect's types of its column; kept out when they read as the logical ones
     * (DECIMAL(10,2) is DECIMAL(10, 2)). A dropped column's type is only a reminder: not repeated.
     */
    MigrationChange withPhysical(String physicalBefore, String physicalAfter) {
        if (after == null || (same(before, physicalBefore) && same(after, physicalAfter))) {
            return this;
        }
        return new MigrationChange(kind, entity, attribute, before, after, destructive, reason, from, to, previous,
                physicalBefore, physicalAfter);
    }

    /** Whether a logical type ("DECIMAL(10, 2) NOT NULL") reads as the physical one ("decimal(10,2)"). */
    private static boolean same(String logical, String physical) {
        if (logical == null || physical == null) {
            return logical == null && physical == null;
        }
        return logical.replace(" NOT NULL", "").replace(" ", "").equalsIgnoreCase(physical.replace(" ", ""));
    }

    /** A sentence for refusals, headers and the designer, e.g. "widen column dw.t.name VARCHAR(10) → VARCHAR(20)". */
    @JsonProperty
    public String description() {
        StringBuilder text = new StringBuilder(kind.label()).append(' ').append(entity);
        if (attribute != null) {
            text.append('.').append(attribute);
        }
        if (before != null && after != null) {
            text.append(": ").append(before).append(" → ").append(after);
            if (physicalBefore != null && physicalAfter != null) {
                text.append(" (in SQL ").append(physicalBefore).append(" → ").append(physicalAfter).append(')');
            }
        } else if (after != null) {
            text.append(' ').append(after);
            if (physicalAfter != null) {
                text.append(" (in SQL ").append(physicalAfter).append(')');
            }
        } else if (before != null) {
            text.append(" (was ").append(before).append(')');
        }
        return text.toString();
    }
}
