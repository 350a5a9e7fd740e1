package io.loadsmith.account.token;

import java.time.Instant;
import java.util.List;

import org.springframework.data.jpa.repository.EntityGraph;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;
import org.springframework.transaction.annotation.Transactional;

public interface ApiTokenRepository extends JpaRepository<ApiToken, Long> {

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
