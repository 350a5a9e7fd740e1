package io.loadsmith.template;

import java.util.List;
import java.util.Optional;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

public interface LoadTemplateRepository extends JpaRepository<LoadTemplate, Long> {

    Optional<LoadTemplate> findByName(String name);

    boolean existsByName(String name);

    /** Names that differ only by case are one name (see Names). */
    List<LoadTemplate> findByNameIgnoreCase(String name);

    /**
     * Load names with the text of each of their steps that holds {@code <ftltemplate:} and the name.
     * Only candidates: LIKE reads {@code _} as any character and the name may begin a longer one, so
     * the caller parses the calls.
     */
    @Query("select l.name, s.text from Load l join l.steps s"
            + " where s.text like concat('%<ftltemplate:', :name, '%') order by l.name")
    List<Object[]> stepsMentioning(String name);
}
