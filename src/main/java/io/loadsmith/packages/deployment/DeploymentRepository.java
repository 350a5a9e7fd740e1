package io.loadsmith.packages.deployment;

import java.util.List;

import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.jpa.repository.EntityGraph;
import org.springframework.data.jpa.repository.JpaRepository;

import io.loadsmith.environment.DeploymentEnvironment;
import io.loadsmith.packageregistry.MetadataPackage;

interface DeploymentRepository extends JpaRepository<Deployment, Long> {

    @EntityGraph(attributePaths = {"environment", "version", "version.pkg"})
    Page<Deployment> findByEnvironmentOrderByDeployedAtDescIdDesc(DeploymentEnvironment environment, Pageable page);

    @EntityGraph(attributePaths = {"environment", "version", "version.pkg"})
    List<Deployment> findByEnvironmentAndVersionPkgOrderByDeployedAtDescIdDesc(DeploymentEnvironment environment,
                                                                              MetadataPackage pkg, Pageable page);
}
