package io.loadsmith.packages.api;

import java.util.List;

import org.springframework.data.domain.Page;

/** One page of a list: the items, and where the page stands in the whole. */
public record PageJson<T>(List<T> content, int page, int size, long totalElements, int totalPages) {

    public static <T> PageJson<T> of(Page<T> page) {
        return new PageJson<>(page.getContent(), page.getNumber(), page.getSize(), page.getTotalElements(),
                page.getTotalPages());
    }
}
