package io.loadsmith.store;

import java.util.List;
import java.util.Optional;

import org.springframework.data.domain.Sort;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.repository.NoRepositoryBean;

import io.loadsmith.names.Names;

/** The lookups by name that every named definition's store answers alike (see {@link Named}). */
@NoRepositoryBean
public interface NamedRowRepository<T extends StoredRow & Named> extends JpaRepository<T, Long> {

    Optional<T> findByName(String name);

    boolean existsByName(String name);

    /** Names that differ only by case are one name (see Names). */
    List<T> findByNameIgnoreCase(String name);

    /** All by name, or the one of exactly {@code name} (none when it names none): what list endpoints filter by. */
    default List<T> listed(String name) {
        return name == null ? findAll(Sort.by("name")) : findByName(name).map(List::of).orElse(List.of());
    }

    /** Refuses {@code name} when a row other than {@code self} (null when creating) has it in any case. */
    default void requireFree(String kind, String name, Long self) {
        Names.requireFree(kind, name, self, findByNameIgnoreCase(name), Named::getId, Named::getName);
    }
}
