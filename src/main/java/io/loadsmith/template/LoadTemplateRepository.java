package io.loadsmith.template;

import java.util.List;

import io.loadsmith.store.NamedRowRepository;
import org.springframework.data.jpa.repository.Query;

public interface LoadTemplateRepository extends NamedRowRepository<LoadTemplate> {

    /**
     * Load names with the text of each of their steps that holds {@code <ftltemplate:} and the name.
     * Only candidates: LIKE reads {@code _} as any character and the name may begin a longer one, so
     * the caller parses the calls.
     */
    @Query("select l.name, s.text from Load l join l.steps s"
            + " where s.text like concat('%<ftltemplate:', :name, '%') order by l.name")
    List<Object[]> stepsMentioning(String name);
}
