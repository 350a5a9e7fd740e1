package io.loadsmith.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * On H2 a transaction that asks for repeatable read (a package read) sees one snapshot across
 * tables, as on PostgreSQL (SnapshotIsolationPostgresTest): a row another transaction commits to a
 * second table after the first read is not seen, and that writer is not kept waiting. Read
 * committed, the control, sees it.
 */
class SnapshotIsolationH2Test extends H2StoreTest {

    @Autowired
    PlatformTransactionManager transactions;

    @Autowired
    JdbcTemplate jdbc;

    @BeforeEach
    void twoTables() {
        jdbc.execute("create table iso_first (v int)");
        jdbc.execute("create table iso_second (v int)");
        jdbc.update("insert into iso_first values (1)");
        jdbc.update("insert into iso_second values (1)");
    }

    @AfterEach
    void dropThem() {
        jdbc.execute("drop table iso_first");
        jdbc.execute("drop table iso_second");
    }

    @Test
    void repeatableReadIsOneSnapshotAcrossTables() throws Exception {
        assertThat(secondTableAfterAConcurrentCommit(TransactionDefinition.ISOLATION_REPEATABLE_READ)).isEqualTo(1);
    }

    @Test
    void readCommittedSeesTheCommitAsTheControl() throws Exception {
        assertThat(secondTableAfterAConcurrentCommit(TransactionDefinition.ISOLATION_READ_COMMITTED)).isEqualTo(2);
    }

    private int secondTableAfterAConcurrentCommit(int isolation) {
        TransactionTemplate read = new TransactionTemplate(transactions);
        read.setReadOnly(true);
        read.setIsolationLevel(isolation);
        return read.execute(status -> {
            assertThat(jdbc.queryForObject("select v from iso_first", Integer.class)).isEqualTo(1);
            // Another connection, committed at once; it must not wait for this reader.
            CompletableFuture.runAsync(() -> jdbc.update("update iso_second set v = 2")).orTimeout(10, TimeUnit.SECONDS).join();
            return jdbc.queryForObject("select v from iso_second", Integer.class);
        });
    }
}
