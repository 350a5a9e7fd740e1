package io.loadsmith.entitytype;

import java.util.List;
import java.util.Optional;

import org.springframework.data.jpa.repository.JpaRepository;

public interface DatatypeMappingRepository extends JpaRepository<DatatypeMapping, Long> {

    List<DatatypeMapping> findByDialectOrderByLogicalDatatype(String dialect);

    Optional<DatatypeMapping> findByDialectAndLogicalDatatype(String dialect, String logicalDatatype);
}
