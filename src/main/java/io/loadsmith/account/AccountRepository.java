package io.loadsmith.account;

import java.util.List;
import java.util.Optional;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

import io.loadsmith.identity.Role;

public interface AccountRepository extends JpaRepository<Account, Long> {

    /** The account of a user name in any case: 'ADMIN' signs in as 'admin' (see V8). */
    @Query("select a from Account a where a.usernameKey = lower(:username)")
    Optional<Account> findByUsername(String username);

    List<Account> findAllByOrderByUsername();

    boolean existsByRole(Role role);

    long countByRoleAndEnabledTrue(Role role);
}
