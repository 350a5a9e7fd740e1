package io.loadsmith.environment;

import java.util.List;
import java.util.Optional;

import org.springframework.data.jpa.repository.EntityGraph;
import org.springframework.data.jpa.repository.JpaRepository;

public interface DeploymentEnvironmentRepository extends JpaRepository<DeploymentEnvironment, Long> {

    Optional<DeploymentEnvironment> findByName(String name);

    boolean existsByName(String name);

    /**
     * Every environment with its variables, read at once: the load page's preview lists them on each
     * keystroke, and a lazy read of each one's variables was one more query per environment.
     */
    @EntityGraph(attributePaths = "variables")
    List<DeploymentEnvironment> findAllByOrderByNameAsc();

    /** Names that differ only by case are one name (see Names). */
    List<DeploymentEnvironment> findByNameIgnoreCase(String name);
}
