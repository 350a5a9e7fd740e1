package io.loadsmith.entitytype;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;

/**
 * A team's own physical type for a logical datatype in one dialect, e.g. snowflake TIMESTAMP →
 * TIMESTAMP_NTZ; it wins over the dialect file. The pattern may use {length}, {precision}, {scale}.
 */
@Entity
@Table(name = "datatype_mapping")
public class DatatypeMapping {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    private Long id;

    @Column(nullable = false)
    private String dialect;

    @Column(name = "logical_datatype", nullable = false)
    private String logicalDatatype;

    @Column(name = "physical_pattern", nullable = false)
    private String physicalPattern;

    @Version
    @Column(name = "row_version", nullable = false)
    private long version;

    protected DatatypeMapping() {
        // for JPA
    }

    public DatatypeMapping(String dialect, String logicalDatatype, String physicalPattern) {
        change(dialect, logicalDatatype, physicalPattern);
    }

    public void change(String newDialect, String newLogicalDatatype, String newPhysicalPattern) {
        this.dialect = newDialect;
        this.logicalDatatype = newLogicalDatatype;
        this.physicalPattern = newPhysicalPattern;
    }

    public Long getId() {
        return id;
    }

    public String getDialect() {
        return dialect;
    }

    public String getLogicalDatatype() {
        return logicalDatatype;
    }

    public String getPhysicalPattern() {
        return physicalPattern;
    }

    public long getVersion() {
        return version;
    }
}
