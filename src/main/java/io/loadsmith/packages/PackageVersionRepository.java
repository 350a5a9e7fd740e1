package io.loadsmith.packages;

import java.util.Optional;

import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

import io.loadsmith.packageregistry.MetadataPackage;

public interface PackageVersionRepository extends JpaRepository<PackageVersion, Long> {

    Page<PackageVersion> findByPkgOrderByNumberDesc(MetadataPackage pkg, Pageable page);

    Optional<PackageVersion> findByPkgAndNumber(MetadataPackage pkg, int number);

    Optional<PackageVersion> findFirstByPkgOrderByNumberDesc(MetadataPackage pkg);

    @Query("select coalesce(max(v.number), 0) from PackageVersion v where v.pkg = ?1")
    int lastNumber(MetadataPackage pkg);
}
