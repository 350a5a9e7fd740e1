package io.loadsmith.entitytype;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

import io.loadsmith.store.StoredRow;

/**
 * A team's own physical type for a logical datatype in one dialect, e.g. snowflake TIMESTAMP →
 * TIMESTAMP_NTZ; it wins over the dialect file. The pattern may use {length}, {precision}, {scale}.
 */
@Entity
@Table(name = "datatype_mapping")
public class DatatypeMapping extends StoredRow {

    @Column(nullable = false)
    private String dialect;

    @Column(name = "logical_datatype", nullable = false)
    private String logicalDatatype;

    @Column(name = "physical_pattern", nullable = false)
    private String physicalPattern;

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

    public String getDialect() {
        return dialect;
    }

    public String getLogicalDatatype() {
        return logicalDatatype;
    }

    public String getPhysicalPattern() {
        return physicalPattern;
    }

}
