package io.loadsmith.account.token;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

import io.loadsmith.identity.Role;

/**
 * What a bearer secret grants, read on every API call by one indexed JDBC query. Through a Spring
 * Data query method it was a read-only JPA transaction per call; that check alone took as much of
 * the request threads' CPU as generating the previewed load (JFR under the store benchmark,
 * issue 18.4).
 */
@Component
class TokenGrants {

    private static final String GRANT = """
            select t.id, a.username, a.role, a.enabled, t.scope, t.revoked_at, t.last_used_at, t.expires_at
              from api_token t
              join account a on a.id = t.account_id
             where t.secret_sha256 = ?""";

    private final JdbcClient jdbc;

    TokenGrants(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    Optional<TokenGrant> find(String secretSha256) {
        return jdbc.sql(GRANT).param(secretSha256).query(TokenGrants::grant).optional();
    }

    private static TokenGrant grant(ResultSet rs, int row) throws SQLException {
        return new TokenGrant(rs.getLong("id"), rs.getString("username"), Role.valueOf(rs.getString("role")),
                rs.getBoolean("enabled"), TokenScope.valueOf(rs.getString("scope")), instant(rs, "revoked_at"),
                instant(rs, "last_used_at"), instant(rs, "expires_at"));
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        OffsetDateTime at = rs.getObject(column, OffsetDateTime.class);
        return at == null ? null : at.toInstant();
    }
}
