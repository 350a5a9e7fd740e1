package io.loadsmith.account;

import java.util.List;
import java.util.Optional;

import org.springframework.data.jpa.repository.JpaRepository;

public interface AccountRepository extends JpaRepository<Account, Long> {

    Optional<Account> findByUsername(String username);

    List<Account> findAllByOrderByUsername();

    boolean existsByRole(Role role);

    long countByRoleAndEnabledTrue(Role role);
}
