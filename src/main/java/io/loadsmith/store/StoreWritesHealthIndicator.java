package io.loadsmith.store;

import java.util.concurrent.ThreadLocalRandom;

import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Readiness asks whether the metadata store accepts writes, not only whether it answers a query:
 * a row written to a table with a CHECK constraint and rolled back. H2 2.4.240 kept answering
 * reads while every write to a constrained table failed once the pool had retired the migration's
 * connection, and readiness said UP all the while.
 */
@Component("storeWritesHealthIndicator")
class StoreWritesHealthIndicator extends AbstractHealthIndicator {

    private final JdbcTemplate jdbc;
    private final TransactionTemplate transactions;

    StoreWritesHealthIndicator(JdbcTemplate jdbc, TransactionTemplate transactions) {
        super("The metadata store refused a write");
        this.jdbc = jdbc;
        this.transactions = transactions;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        // A random id, so two probes at once never wait on each other's uncommitted row.
        int id = ThreadLocalRandom.current().nextInt(1, Integer.MAX_VALUE);
        transactions.executeWithoutResult(status -> {
            jdbc.update("insert into store_write_probe (id, probe) values (?, 'readiness')", id);
            status.setRollbackOnly();
        });
        builder.up();
    }
}
