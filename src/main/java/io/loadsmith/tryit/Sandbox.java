package io.loadsmith.tryit;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.util.Properties;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

import org.duckdb.DuckDBConnection;
import org.springframework.stereotype.Component;

import jakarta.annotation.PreDestroy;

/**
 * The embedded DuckDB that "Try it" runs loads in. Each run gets its own private in-memory database
 * whose configuration is fixed when the connection opens, before any user SQL: no file system or
 * network access (which also rules out ATTACH, COPY, read_csv, INSTALL), no extension loading, no
 * spilling to disk, a memory limit, at most two threads, and the configuration locked so that SQL cannot undo
 * it. A watchdog cancels a statement that runs too long; at most {@link #SLOTS} runs at a time.
 */
@Component
public class Sandbox {

    public static final int MAX_ROWS = 10_000;
    public static final int TIMEOUT_SECONDS = 5;
    public static final String MEMORY_LIMIT = "256MB";
    /** Two threads at most (one on a one-core machine): with two runs at once, the sandbox uses four at most. */
    public static final int THREADS = Math.min(2, Runtime.getRuntime().availableProcessors());
    static final int SLOTS = 2;

    private final Semaphore slots = new Semaphore(SLOTS, true);
    private final ScheduledExecutorService watchdog = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread thread = new Thread(r, "try-it-watchdog");
        thread.setDaemon(true);
        return thread;
    });

    /** Work done with one sandboxed database, which is gone afterwards. */
    public interface Work<T> {
        T run(Connection db) throws SQLException;
    }

    public <T> T withDatabase(Work<T> work) {
        try {
            if (!slots.tryAcquire(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                throw new SandboxRefusal("The sandbox is busy with " + SLOTS + " other runs; try again in a moment.");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SandboxRefusal("The run was interrupted.");
        }
        try (Connection db = open()) {
            return work.run(db);
        } catch (SQLException e) {
            throw new SandboxRefusal("The sandbox failed: " + describe(e));
        } finally {
            slots.release();
        }
    }

    static Connection open() throws SQLException {
        Properties config = new Properties();
        config.setProperty("enable_external_access", "false");
        config.setProperty("autoinstall_known_extensions", "false");
        config.setProperty("autoload_known_extensions", "false");
        config.setProperty("allow_community_extensions", "false");
        config.setProperty("allow_unsigned_extensions", "false");
        config.setProperty("temp_directory", "");
        config.setProperty("memory_limit", MEMORY_LIMIT);
        config.setProperty("threads", String.valueOf(THREADS));
        config.setProperty("lock_configuration", "true");
        return DriverManager.getConnection("jdbc:duckdb:", config);
    }

    /**
     * A new session (connection) on the same database: what the session set (temporary tables, USE, SET) is gone
     * when it closes, the database's tables stay, and the locked configuration holds for it too.
     */
    public Connection newSession(Connection db) throws SQLException {
        return db.unwrap(DuckDBConnection.class).duplicate();
    }

    /** Runs one statement; past the time limit the watchdog cancels it and the message says so. */
    public void execute(Connection db, String sql) throws SQLException {
        try (Statement statement = db.createStatement()) {
            ScheduledFuture<?> alarm = watchdog.schedule(() -> cancel(statement), TIMEOUT_SECONDS, TimeUnit.SECONDS);
            try {
                statement.execute(sql);
            } finally {
                alarm.cancel(false);
            }
        }
    }

    private static void cancel(Statement statement) {
        try {
            statement.cancel();
        } catch (SQLException e) {
            // The statement finished in between: nothing to cancel.
        }
    }

    /** DuckDB's message, with what the sandbox refused said in words first. */
    public static String describe(SQLException e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().strip();
        if (e instanceof SQLTimeoutException || message.startsWith("INTERRUPT")) {
            return "Stopped after " + TIMEOUT_SECONDS + " s: the sandbox lets a statement run at most "
                    + TIMEOUT_SECONDS + " seconds.";
        }
        if (message.startsWith("Out of Memory Error")) {
            return "Stopped: the statement needed more than the sandbox's " + MEMORY_LIMIT + " of memory. ("
                    + firstLine(message) + ")";
        }
        if (message.startsWith("Permission Error") || message.contains("disabled through configuration")
                || message.contains("disabled by configuration") || message.contains("configuration has been locked")) {
            return "Refused: the sandbox has no access to files, the network, extensions or its own settings. ("
                    + firstLine(message) + ")";
        }
        return message;
    }

    private static String firstLine(String message) {
        int end = message.indexOf('\n');
        return end < 0 ? message : message.substring(0, end);
    }

    @PreDestroy
    void stop() {
        watchdog.shutdownNow();
    }
}
