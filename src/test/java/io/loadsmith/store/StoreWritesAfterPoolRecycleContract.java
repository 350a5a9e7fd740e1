package io.loadsmith.store;

import static io.loadsmith.store.Api.obj;
import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;
import org.springframework.jdbc.core.JdbcTemplate;

import com.zaxxer.hikari.HikariDataSource;

import io.loadsmith.account.AccountService;
import io.loadsmith.account.token.ApiTokenService;
import io.loadsmith.account.token.IssuedToken;
import io.loadsmith.account.token.TokenScope;
import io.loadsmith.identity.Role;

/**
 * Every pooled connection retired (what the pool's maximum lifetime does after 30 minutes), then a
 * write to every table that has a CHECK constraint, and readiness. On H2 2.4.240 a constraint kept
 * the session of the migration's connection: once that connection was retired every such write
 * failed with "Check constraint invalid" while readiness said UP.
 */
public interface StoreWritesAfterPoolRecycleContract {

    /** The tables with a CHECK constraint (other than NOT NULL) that this contract writes to. */
    Set<String> WRITTEN = Set.of("account", "api_token", "dw_entity", "store_write_probe");

    Api api();

    DataSource dataSource();

    AccountService accounts();

    ApiTokenService tokens();

    @Test
    default void everyConstrainedTableTakesWritesAfterThePoolRetiredEveryConnection() throws SQLException {
        // Something written first, so the migration's connection has certainly been used and returned.
        assertThat(api().send(HttpMethod.GET, "/actuator/health/readiness", null).status()).isEqualTo(200);
        HikariDataSource pool = dataSource().unwrap(HikariDataSource.class);
        pool.getHikariPoolMXBean().softEvictConnections();

        String user = "recycled_" + System.nanoTime();
        accounts().create(user, "a password of twelve+", Role.EDITOR);
        IssuedToken token = tokens().issue(user, "after recycle", TokenScope.WRITE);
        assertThat(tokens().authenticate(token.secret())).isPresent();
        String name = "d_" + Long.toHexString(System.nanoTime());
        Api.Answer entity = api().send(HttpMethod.POST, "/api/v1/entities", obj("logicalName", name, "name", name,
                "schema", "recycle", "physicalType", "TABLE", "fullRefreshPolicy", "deny"));
        assertThat(entity.status()).as(entity.body()).isEqualTo(201);
        Api.Answer readiness = api().send(HttpMethod.GET, "/actuator/health/readiness", null);
        assertThat(readiness.status()).as(readiness.body()).isEqualTo(200);
    }

    /** Readiness is DOWN while the store refuses writes, and UP again once it takes them, without a restart. */
    @Test
    default void readinessIsDownWhileTheStoreRefusesWrites() {
        JdbcTemplate jdbc = new JdbcTemplate(dataSource());
        jdbc.execute("alter table store_write_probe add constraint ck_probe_refused check (probe <> 'readiness')");
        try {
            Api.Answer down = api().send(HttpMethod.GET, "/actuator/health/readiness", null);
            assertThat(down.status()).as(down.body()).isEqualTo(503);
            assertThat(down.body()).contains("DOWN").doesNotContain("store_write_probe");
        } finally {
            jdbc.execute("alter table store_write_probe drop constraint ck_probe_refused");
        }
        assertThat(api().send(HttpMethod.GET, "/actuator/health/readiness", null).status()).isEqualTo(200);
    }

    /** A CHECK added later is written to here too, or this fails and says which table to add. */
    @Test
    default void theContractWritesToEveryTableWithACheckConstraint() {
        JdbcTemplate jdbc = new JdbcTemplate(dataSource());
        List<String> tables = jdbc.queryForList("""
                select lower(tc.table_name) from information_schema.table_constraints tc
                where tc.constraint_type = 'CHECK' and lower(tc.table_schema) = lower(current_schema)
                  and tc.constraint_name not like '%not_null%'""", String.class);
        Set<String> constrained = new TreeSet<>(tables);
        assertThat(constrained).as("tables with a CHECK constraint").isNotEmpty().isSubsetOf(WRITTEN);
    }
}
