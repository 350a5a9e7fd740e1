package io.loadsmith.paging;

import java.util.ArrayList;
import java.util.List;

import org.springframework.data.domain.Page;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

import jakarta.servlet.http.HttpServletResponse;

/**
 * Pages a list answer the way GitHub's API does: the body stays a JSON array, the page is chosen
 * with {@code page} (from 0) and {@code size} (1 to 500, default 100), and the response carries
 * {@code X-Total-Count} and an RFC 8288 {@code Link} header with next / prev / first / last.
 */
public final class ListPages {

    public static final int DEFAULT_SIZE = 100;
    public static final int MAX_SIZE = 500;

    private ListPages() {
    }

    public static <T> List<T> page(List<T> all, int page, int size, HttpServletResponse response) {
        int pageSize = Math.min(Math.max(size, 1), MAX_SIZE);
        int pageNumber = Math.max(page, 0);
        int total = all.size();
        int from = (int) Math.min((long) pageNumber * pageSize, total);
        int to = Math.min(from + pageSize, total);
        headers(pageNumber, pageSize, total, response);
        return all.subList(from, to);
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
