package io.loadsmith.entitytype;

import java.util.Optional;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

public interface DefaultAttributeRepository extends JpaRepository<DefaultAttribute, Long> {

    Optional<DefaultAttribute> findByCode(String code);

    boolean existsByCode(String code);

    @Query("select count(d) > 0 from DefaultAttribute d where d.shape.attributeType = :attributeType")
    boolean existsByAttributeType(String attributeType);

    @Query("select count(t) > 0 from EntityType t join t.defaultAttributes d where d.defaultAttribute = :attribute")
    boolean isUsedByEntityTypes(DefaultAttribute attribute);
}
