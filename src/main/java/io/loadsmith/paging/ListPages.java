package io.loadsmith.paging;

import java.util.ArrayList;
import java.util.List;

import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

import io.loadsmith.problem.InvalidRequestException;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Pages a list answer the way GitHub's API does: the body stays a JSON array, the page is chosen
 * with {@code page} (from 0) and {@code size} (1 to 500, default 100), and the response carries
 * {@code X-Total-Count} and an RFC 8288 {@code Link} header with next / prev / first / last. A page
 * or size out of that range is a 400 naming the parameter, not quietly another page.
 */
public final class ListPages {

    public static final int DEFAULT_SIZE = 100;
    public static final int MAX_SIZE = 500;

    private ListPages() {
    }

    public static <T> List<T> page(List<T> all, int page, int size, HttpServletResponse response) {
        checked(page, size);
        int pageSize = size;
        int pageNumber = page;
        int total = all.size();
        int from = (int) Math.min((long) pageNumber * pageSize, total);
        int to = Math.min(from + pageSize, total);
        headers(pageNumber, pageSize, total, response);
        return all.subList(from, to);
    }

    /** The page a database query should cut, checked as every list's page is. */
    public static PageRequest request(int page, int size) {
        checked(page, size);
        // A database offset is an int (Hibernate's first result): no list reaches past it.
        if ((long) page * size > Integer.MAX_VALUE) {
            throw InvalidRequestException.of("page", page, "is past the end of any list: page × size must stay below "
                    + Integer.MAX_VALUE);
        }
        return PageRequest.of(page, size);
    }

    private static void checked(int page, int size) {
        if (page < 0) {
            throw InvalidRequestException.of("page", page, "must be 0 or more (the first page is 0)");
        }
        if (size < 1 || size > MAX_SIZE) {
            throw InvalidRequestException.of("size", size, "must be between 1 and " + MAX_SIZE);
        }
    }

    /** A page the database cut (for tables that grow without bound): the same headers, its content. */
    public static <T> List<T> page(Page<T> page, HttpServletResponse response) {
        headers(page.getNumber(), page.getSize(), page.getTotalElements(), response);
        return page.getContent();
    }

    private static void headers(int pageNumber, int pageSize, long total, HttpServletResponse response) {
        int lastPage = total == 0 ? 0 : (int) Math.min((total - 1) / pageSize, Integer.MAX_VALUE);
        response.setHeader("X-Total-Count", String.valueOf(total));
        List<String> links = new ArrayList<>();
        if (pageNumber < lastPage) {
            links.add(link(pageNumber + 1, pageSize, "next"));
        }
        if (pageNumber > 0) {
            links.add(link(Math.min(pageNumber - 1, lastPage), pageSize, "prev"));
        }
        links.add(link(0, pageSize, "first"));
        links.add(link(lastPage, pageSize, "last"));
        response.setHeader("Link", String.join(", ", links));
    }

    private static String link(int page, int size, String rel) {
        return "<" + ServletUriComponentsBuilder.fromCurrentRequest().replaceQueryParam("page", page)
                .replaceQueryParam("size", size).toUriString() + ">; rel=\"" + rel + "\"";
    }
}
