package io.loadsmith.store;

import java.sql.SQLException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * A second Loadsmith started on the same embedded H2 file fails at start; H2 says "Database may be
 * already in use". This turns that into a message that says which store and what to do.
 */
public class StoreInUseFailureAnalyzer extends AbstractFailureAnalyzer<SQLException> {

    /** H2's error code for a database file that another process holds open. */
    static final int H2_DATABASE_ALREADY_OPEN = 90020;

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, SQLException cause) {
        if (cause.getErrorCode() != H2_DATABASE_ALREADY_OPEN) {
            return null;
        }
        String message = cause.getMessage() == null ? "" : cause.getMessage();
        int open = message.indexOf('"');
        int close = open < 0 ? -1 : message.indexOf('"', open + 1);
        String file = close > open ? message.substring(open + 1, close) : "the H2 file";
        return new FailureAnalysis(
                "Loadsmith's metadata store " + file + " is in use by another process: another Loadsmith, or an H2 tool.",
                "Stop the other process, or start this one on another store with "
                        + "--spring.datasource.url=jdbc:h2:file:<another path>. To run several instances on one store, "
                        + "use PostgreSQL (SPRING_PROFILES_ACTIVE=postgres).",
                cause);
    }
}
