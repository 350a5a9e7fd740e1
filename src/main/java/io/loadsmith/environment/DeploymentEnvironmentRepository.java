package io.loadsmith.environment;

import java.util.List;
import java.util.Optional;

import org.springframework.data.jpa.repository.JpaRepository;

public interface DeploymentEnvironmentRepository extends JpaRepository<DeploymentEnvironment, Long> {

    Optional<DeploymentEnvironment> findByName(String name);

    boolean existsByName(String name);

    /** Names that differ only by case are one name (see Names). */
    List<DeploymentEnvironment> findByNameIgnoreCase(String name);
}
