package io.loadsmith.rest;

import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.LongConsumer;
import java.util.function.LongFunction;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

import io.loadsmith.audit.Audited;
import io.loadsmith.paging.ListPages;
import jakarta.servlet.http.HttpServletResponse;

/**
 * A {@link ResourceController} whose list is filtered by {@code name} and paged like every list
 * ({@link ListPages}): most stored resources are looked up by their name.
 */
public abstract class NamedResourceController<Q, R extends Audited> extends ResourceController<Q, R> {

    private final Function<String, List<R>> list;

    protected NamedResourceController(Function<String, List<R>> list, LongFunction<R> get, Function<Q, R> create,
                                      BiFunction<Long, Q, R> update, LongConsumer delete) {
        super(get, create, update, delete);
        this.list = list;
    }

    @GetMapping
    public List<R> list(@RequestParam(required = false) String name,
                        @RequestParam(defaultValue = "0") int page,
                        @RequestParam(defaultValue = "" + ListPages.DEFAULT_SIZE) int size,
                        HttpServletResponse response) {
        return ListPages.page(list.apply(name), page, size, response);
    }
}
