package io.loadsmith.audit;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** One recorded change. Written once, never updated: every column is insert-only. */
@Entity
@Table(name = "audit_event")
@io.loadsmith.store.CopiedText
public class AuditEvent {

    /** Largest before or after JSON kept, in characters (the columns' size). */
    public static final int MAX_JSON = 10_485_760;

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    @Column(name = "occurred_at", nullable = false, updatable = false)
    private Instant occurredAt;

    @Column(nullable = false, updatable = false)
    private String actor;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, updatable = false)
    private AuditAction action;

    @Enumerated(EnumType.STRING)
    @Column(name = "object_kind", nullable = false, updatable = false)
    private ObjectKind objectKind;

    @Column(name = "object_id", updatable = false)
    private Long objectId;

    @Column(name = "object_name", nullable = false, updatable = false)
    private String objectName;

    @Column(name = "package_name", updatable = false)
    private String packageName;

    @Column(updatable = false)
    private String summary;

    @Column(name = "before_json", updatable = false)
    private String beforeJson;

    @Column(name = "after_json", updatable = false)
    private String afterJson;

    /** The one account that may read the event besides ADMINs; null: everyone who may read the audit trail. */
    @Column(name = "restricted_to", updatable = false)
    private String restrictedTo;

    protected AuditEvent() {
    }

    AuditEvent(Instant occurredAt, String actor, AuditAction action, ObjectKind objectKind, Long objectId,
               String objectName, String packageName, String summary, String beforeJson, String afterJson,
               String restrictedTo) {
        this.occurredAt = occurredAt;
        this.actor = actor;
        this.action = action;
        this.objectKind = objectKind;
        this.objectId = objectId;
        this.objectName = objectName;
        this.packageName = packageName;
        this.summary = summary;
        this.beforeJson = beforeJson;
        this.afterJson = afterJson;
        this.restrictedTo = restrictedTo;
    }

    public Long getId() {
        return id;
    }

    public Instant getOccurredAt() {
        return occurredAt;
    }

    public String getActor() {
        return actor;
    }

    public AuditAction getAction() {
        return action;
    }

    public ObjectKind getObjectKind() {
        return objectKind;
    }

    public Long getObjectId() {
        return objectId;
    }

    public String getObjectName() {
        return objectName;
    }

    public String getPackageName() {
        return packageName;
    }

    public String getSummary() {
        return summary;
    }

    public String getBeforeJson() {
        return beforeJson;
    }

    public String getAfterJson() {
        return afterJson;
    }

    public String getRestrictedTo() {
        return restrictedTo;
    }
}
