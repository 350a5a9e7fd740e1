package io.loadsmith.load;

import java.util.List;
import java.util.Optional;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

public interface LoadRepository extends JpaRepository<Load, Long> {

    Optional<Load> findByName(String name);

    boolean existsByName(String name);

    /** Global search: loads whose name or any step's name or text contains the text, ignoring case. */
    @Query("""
            select distinct l from Load l left join l.steps s
            where lower(l.name) like lower(concat('%', :text, '%'))
               or lower(s.name) like lower(concat('%', :text, '%'))
               or lower(s.text) like lower(concat('%', :text, '%'))
            order by l.name""")
    List<Load> search(String text);

    List<Load> findTop10ByOrderByUpdatedAtDesc();
}
