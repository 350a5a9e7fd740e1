package io.loadsmith.environment;

import java.util.List;

import org.springframework.data.jpa.repository.EntityGraph;
import io.loadsmith.store.NamedRowRepository;

public interface DeploymentEnvironmentRepository extends NamedRowRepository<DeploymentEnvironment> {

    /**
     * Every environment with its variables, read at once: the load page's preview lists them on each
     * keystroke, and a lazy read of each one's variables was one more query per environment.
     */
    @EntityGraph(attributePaths = "variables")
    List<DeploymentEnvironment> findAllByOrderByNameAsc();
}
