package io.loadsmith.packages;

import java.time.Instant;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;

import io.loadsmith.packageregistry.MetadataPackage;

/** A committed, immutable version of a package: its number, who, when, why, and the document. */
@Entity
@Table(name = "package_version")
public class PackageVersion {

    /** Largest document a version can hold, in characters (the column's size). */
    public static final int MAX_DOCUMENT = 10_485_760;

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    @ManyToOne(fetch = FetchType.LAZY, optional = false)
    @JoinColumn(name = "package_id")
    private MetadataPackage pkg;

    @Column(nullable = false, updatable = false)
    private int number;

    @Column(nullable = false, updatable = false)
    private String message;

    @Column(nullable = false, updatable = false)
    private String author;

    @Column(name = "created_at", nullable = false, updatable = false)
    private Instant createdAt;

    @Column(nullable = false, updatable = false)
    private String document;

    @Column(nullable = false, updatable = false)
    private String sha256;

    protected PackageVersion() {
    }

    PackageVersion(MetadataPackage pkg, int number, String message, String author, Instant createdAt, String document,
                   String sha256) {
        if (message == null || message.isBlank()) {
            throw new IllegalArgumentException("A commit needs a message.");
        }
        if (document.length() > MAX_DOCUMENT) {
            throw new IllegalArgumentException("The package is " + document.length() + " characters as JSON; a version holds at most "
                    + MAX_DOCUMENT + ".");
        }
        this.pkg = pkg;
        this.number = number;
        this.message = message.strip();
        this.author = author;
        this.createdAt = createdAt;
        this.document = document;
        this.sha256 = sha256;
    }

    public MetadataPackage getPkg() {
        return pkg;
    }

    public int getNumber() {
        return number;
    }

    public String getMessage() {
        return message;
    }

    public String getAuthor() {
        return author;
    }

    public Instant getCreatedAt() {
        return createdAt;
    }

    public String getDocument() {
        return document;
    }

    public String getSha256() {
        return sha256;
    }
}
