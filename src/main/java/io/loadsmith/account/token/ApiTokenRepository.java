package io.loadsmith.account.token;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.springframework.data.jpa.repository.EntityGraph;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;
import org.springframework.transaction.annotation.Transactional;

public interface ApiTokenRepository extends JpaRepository<ApiToken, Long> {

    /**
     * Runs on every API call, so it reads a record rather than entities (nothing for Hibernate to
     * track and dirty-check) with a JPQL query whose SQL Hibernate caches. With an entity graph the
     * query was translated anew on each call, which cost more than generating a load's SQL
     * (measured with JFR under the load test).
     */
    @Query("""
            select new io.loadsmith.account.token.TokenGrant(t.id, a.username, a.role, a.enabled, t.scope, t.revokedAt, t.lastUsedAt,
                t.expiresAt)
            from ApiToken t join t.account a where t.secretSha256 = :secretSha256""")
    Optional<TokenGrant> findGrant(String secretSha256);

    /** Records a use, at most once per {@link ApiToken#LAST_USE_PRECISION}; concurrent calls write once. */
    @Modifying
    @Transactional
    @Query("update ApiToken t set t.lastUsedAt = :now where t.id = :id and (t.lastUsedAt is null or t.lastUsedAt < :before)")
    int recordUse(long id, Instant now, Instant before);


    @EntityGraph(attributePaths = "account")
    List<ApiToken> findByAccountUsernameOrderByCreatedAtDesc(String username);

    @EntityGraph(attributePaths = "account")
    List<ApiToken> findAllByOrderByCreatedAtDesc();
}
