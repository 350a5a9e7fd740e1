package io.loadsmith.packages;

import java.util.Optional;

import org.springframework.data.jpa.repository.JpaRepository;

public interface MetadataPackageRepository extends JpaRepository<MetadataPackage, Long> {

    Optional<MetadataPackage> findByName(String name);

    boolean existsByName(String name);
}
