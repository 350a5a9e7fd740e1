package io.loadsmith.tryit.api;

import java.util.List;
import java.util.Map;

import io.loadsmith.limits.Limits;
import io.loadsmith.tryit.TryRunner;
import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.Size;

/** The batches to run, in order; each gives the rows of the tables the load reads. */
public record TryRequest(
        @Schema(description = "Environment whose variables the SQL is generated with; none when absent")
        @Size(max = Limits.ENVIRONMENT_NAME, message = Limits.CHARACTERS) String environment,
        @NotEmpty @Size(max = TryRunner.MAX_BATCHES, message = Limits.ENTRIES) List<Batch> batches) {

    public record Batch(
            @Schema(description = "Rows by table (schema.name, as GET /api/v1/loads/{id}/try lists them); each row maps"
                    + " column names to values (text, number, boolean or null). A table left out is empty in this batch."
                    + " Up to 10,000 rows per table, and 2,000,000 characters of values in all batches together.", example = "{\"stage.vessel_source\": [{\"vessel_id\": \"A\", \"vessel_name\": \"Sea Explorer\"}]}")
            @Size(max = Limits.SOURCES, message = Limits.ENTRIES)
            Map<@Size(max = Limits.QUALIFIED_NAME, message = Limits.CHARACTERS) String, List<Map<String, Object>>> tables) {
    }

    /** The batches as the runner takes them (a null batch is an empty one). */
    List<TryRunner.Batch> runBatches() {
        return batches.stream().map(b -> new TryRunner.Batch(b == null ? null : b.tables())).toList();
    }
}
