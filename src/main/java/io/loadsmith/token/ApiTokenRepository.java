package io.loadsmith.token;

import java.util.List;
import java.util.Optional;

import org.springframework.data.jpa.repository.EntityGraph;
import org.springframework.data.jpa.repository.JpaRepository;

public interface ApiTokenRepository extends JpaRepository<ApiToken, Long> {

    @EntityGraph(attributePaths = "account")
    Optional<ApiToken> findBySecretSha256(String secretSha256);

    @EntityGraph(attributePaths = "account")
    List<ApiToken> findByAccountUsernameOrderByCreatedAtDesc(String username);

    @EntityGraph(attributePaths = "account")
    List<ApiToken> findAllByOrderByCreatedAtDesc();
}
