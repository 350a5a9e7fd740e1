package io.loadsmith.load;

import java.util.Optional;

import org.springframework.data.jpa.repository.JpaRepository;

public interface LoadRepository extends JpaRepository<Load, Long> {

    Optional<Load> findByName(String name);

    boolean existsByName(String name);
}
