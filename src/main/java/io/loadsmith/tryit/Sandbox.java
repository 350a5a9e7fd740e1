package io.loadsmith.tryit;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.util.Properties;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import org.duckdb.DuckDBConnection;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

import jakarta.annotation.PreDestroy;

/**
 * The embedded DuckDB that "Try it" runs loads in. Each run gets its own private in-memory database
 * whose configuration is fixed when the connection opens, before any user SQL: no file system or
 * network access (which also rules out ATTACH, COPY, read_csv, INSTALL), no extension loading, no
 * spilling to disk, a memory limit, at most two threads, directories that name no server path, and
 * the configuration locked so that SQL cannot undo it. Every statement runs under a watchdog that
 * cancels it at the statement's time limit or at the run's, whichever comes first ({@link SandboxLimits});
 * at most {@link #SLOTS} runs at a time.
 */
@Component
public class Sandbox {

    public static final int MAX_ROWS = 10_000;
    public static final String MEMORY_LIMIT = "256MB";
    /** Two threads at most (one on a one-core machine): with two runs at once, the sandbox uses four at most. */
    public static final int THREADS = Math.min(2, Runtime.getRuntime().availableProcessors());
    static final int SLOTS = 2;
    /** Where DuckDB would look for a home, extensions and secrets: nowhere, and no path of the server's. */
    private static final String NOWHERE = "/nonexistent/loadsmith-sandbox";

    private final SandboxLimits limits;
    private final Semaphore slots = new Semaphore(SLOTS, true);
    /** The end of the run on this thread (System.nanoTime()): a run is one request's work on one thread. */
    private final ThreadLocal<Long> deadline = new ThreadLocal<>();
    private final ScheduledThreadPoolExecutor watchdog = new ScheduledThreadPoolExecutor(1, r -> {
        Thread thread = new Thread(r, "try-it-watchdog");
        thread.setDaemon(true);
        return thread;
    });

    {
        // An alarm per statement, most of them cancelled well before they ring: not kept until then.
        watchdog.setRemoveOnCancelPolicy(true);
    }

    @Autowired
    public Sandbox() {
        this(SandboxLimits.DEFAULT);
    }

    Sandbox(SandboxLimits limits) {
        this.limits = limits;
    }

    SandboxLimits limits() {
        return limits;
    }

    /** Work done with one sandboxed database, which is gone afterwards. */
    public interface Work<T> {
        T run(Connection db) throws SQLException;
    }

    /** What is done with one statement while the watchdog watches it. */
    public interface Action<S extends Statement, T> {
        T run(S statement) throws SQLException;
    }

    /** A run stopped at its total time limit; the statement that was running (or next) is where it stopped. */
    static final class RunOver extends SQLTimeoutException {
        RunOver(String message) {
            super(message);
        }
    }

    public <T> T withDatabase(Work<T> work) {
        return withSlot(() -> {
            deadline.set(System.nanoTime() + TimeUnit.SECONDS.toNanos(limits.runSeconds()));
            try (Connection db = open()) {
                return work.run(db);
            } catch (SQLException e) {
                throw new SandboxRefusal("The sandbox failed: " + describe(e));
            } finally {
                deadline.remove();
            }
        });
    }

    /** Holds one of the {@link #SLOTS} while {@code work} runs (here, or in a process of its own). */
    <T> T withSlot(Supplier<T> work) {
        try {
            if (!slots.tryAcquire(limits.statementSeconds(), TimeUnit.SECONDS)) {
                throw new SandboxRefusal("The sandbox is busy with " + SLOTS + " other runs; try again in a moment.");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SandboxRefusal("The run was interrupted.");
        }
        try {
            return work.get();
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
        config.setProperty("allow_persistent_secrets", "false");
        config.setProperty("temp_directory", "");
        config.setProperty("memory_limit", MEMORY_LIMIT);
        config.setProperty("threads", String.valueOf(THREADS));
        Connection db = DriverManager.getConnection("jdbc:duckdb:", config);
        try (Statement st = db.createStatement()) {
            // DuckDB derives these from the server's home directory and shows them in duckdb_settings() and in
            // messages; they can only be set by SET (home_directory is per session), so before the lock.
            st.execute("SET home_directory = '" + NOWHERE + "'");
            st.execute("SET extension_directory = '" + NOWHERE + "/extensions'");
            st.execute("SET secret_directory = '" + NOWHERE + "/secrets'");
            st.execute("SET lock_configuration = true");
        } catch (SQLException e) {
            db.close();
            throw e;
        }
        return db;
    }

    /**
     * A new session (connection) on the same database: what the session set (temporary tables, USE, SET) is gone
     * when it closes, the database's tables stay, and the locked configuration holds for it too.
     */
    public Connection newSession(Connection db) throws SQLException {
        return db.unwrap(DuckDBConnection.class).duplicate();
    }

    /** Runs one statement; past the statement's or the run's time limit the watchdog cancels it and the message says so. */
    public void execute(Connection db, String sql) throws SQLException {
        try (Statement statement = db.createStatement()) {
            watched(statement, st -> st.execute(sql));
        }
    }

    /**
     * Does {@code action} with {@code statement} under the watchdog: cancelled at the statement's time limit or at
     * the end of the run, whichever comes first. Once the run is over, nothing more starts.
     */
    public <S extends Statement, T> T watched(S statement, Action<S, T> action) throws SQLException {
        Long end = deadline.get();
        long left = end == null ? Long.MAX_VALUE : end - System.nanoTime();
        if (left <= 0) {
            throw runOver();
        }
        long wait = Math.min(left, TimeUnit.SECONDS.toNanos(limits.statementSeconds()));
        ScheduledFuture<?> alarm = watchdog.schedule(() -> cancel(statement), wait, TimeUnit.NANOSECONDS);
        try {
            return action.run(statement);
        } catch (SQLException e) {
            if (end != null && end - System.nanoTime() <= 0) {
                throw runOver();
            }
            throw e;
        } finally {
            alarm.cancel(false);
        }
    }

    private RunOver runOver() {
        return new RunOver("Stopped: the run reached its time limit of " + limits.runSeconds() + " s (all statements of all"
                + " batches together); the sandbox ended it at this statement.");
    }

    private static void cancel(Statement statement) {
        try {
            statement.cancel();
        } catch (SQLException e) {
            // The statement finished in between: nothing to cancel.
        }
    }

    /** DuckDB's message, with what the sandbox refused said in words first. */
    public String describe(SQLException e) {
        String message = e.getMessage() == null ? "DuckDB gave no message." : e.getMessage().strip();
        if (e instanceof RunOver) {
            return message;
        }
        if (e instanceof SQLTimeoutException || message.startsWith("INTERRUPT")) {
            return "Stopped after " + limits.statementSeconds() + " s: the sandbox lets a statement run at most "
                    + limits.statementSeconds() + " seconds.";
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
