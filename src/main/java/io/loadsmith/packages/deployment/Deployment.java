package io.loadsmith.packages.deployment;

import java.time.Duration;
import java.time.Instant;

import io.loadsmith.environment.DeploymentEnvironment;
import io.loadsmith.names.Names;
import io.loadsmith.packages.PackageVersion;
import io.loadsmith.problem.Violations;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;

/** A deployment that tooling reported: a committed package version in an environment. Never changed. */
@Entity
@Table(name = "deployment")
public class Deployment {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "environment_id", updatable = false)
    private DeploymentEnvironment environment;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "package_version_id", updatable = false)
    private PackageVersion version;

    @Column(nullable = false, updatable = false)
    private String dialect;

    @Column(name = "deployed_by", nullable = false, updatable = false)
    private String deployedBy;

    @Column(name = "deployed_at", nullable = false, updatable = false)
    private Instant deployedAt;

    @Column(name = "recorded_by", nullable = false, updatable = false)
    private String recordedBy;

    @Column(name = "recorded_at", nullable = false, updatable = false)
    private Instant recordedAt;

    @Column(updatable = false)
    private String note;

    protected Deployment() {
    }

    Deployment(DeploymentEnvironment environment, PackageVersion version, String dialect, String deployedBy,
               Instant deployedAt, String recordedBy, Instant recordedAt, String note) {
        check(deployedBy, note);
        this.environment = environment;
        this.version = version;
        this.dialect = dialect;
        this.deployedBy = deployedBy;
        this.deployedAt = deployedAt;
        this.recordedBy = recordedBy;
        this.recordedAt = recordedAt;
        this.note = note;
    }

    /**
     * How far a reported time may be off the server's clock (ahead of now, or before the version's
     * commit): the reporting machine's clock may differ a little, but a deployment is reported after it
     * happened, of a version that existed then, and the list sorts by it.
     */
    static final Duration CLOCK_SKEW = Duration.ofMinutes(5);

    /** Who and the note are shown in lists and the audit trail: no character that hides or breaks them. */
    private static void check(String deployedBy, String note) {
        Violations violations = new Violations();
        Names.checkLabel(violations, "deployedBy", deployedBy);
        if (note != null) {
            for (int i = 0; i < note.length(); i++) {
                char c = note.charAt(i);
                // A note may run over lines; other control characters do not show.
                if (Character.isISOControl(c) && c != '\n' && c != '\r' && c != '\t') {
                    violations.add("note", note, "contains " + Names.describe(c) + " at position " + (i + 1)
                            + ", a control character; remove it");
                    break;
                }
            }
        }
        violations.throwIfAny();
    }

    public Long getId() {
        return id;
    }

    public DeploymentEnvironment getEnvironment() {
        return environment;
    }

    public PackageVersion getVersion() {
        return version;
    }

    public String getDialect() {
        return dialect;
    }

    public String getDeployedBy() {
        return deployedBy;
    }

    public Instant getDeployedAt() {
        return deployedAt;
    }

    public String getRecordedBy() {
        return recordedBy;
    }

    public Instant getRecordedAt() {
        return recordedAt;
    }

    public String getNote() {
        return note;
    }
}
