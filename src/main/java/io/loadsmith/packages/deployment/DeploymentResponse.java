package io.loadsmith.packages.deployment;

import java.time.Instant;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import io.loadsmith.audit.Audited;

/** A recorded deployment: which version of which package runs in the environment, since when, by whom. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DeploymentResponse(long id, String environment, @JsonProperty("package") String packageName, long packageId,
                                 int version, String dialect, String deployedBy, Instant deployedAt, String recordedBy,
                                 Instant recordedAt, String note) implements Audited {

    /** Filed under the environment and package it concerns, e.g. "prod: sales v3". */
    @Override
    public String auditName() {
        return environment + ": " + packageName + " v" + version;
    }
}
