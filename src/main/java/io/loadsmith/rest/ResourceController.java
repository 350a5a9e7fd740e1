package io.loadsmith.rest;

import java.net.URI;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.LongConsumer;
import java.util.function.LongFunction;

import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;

import io.loadsmith.audit.Audited;
import jakarta.validation.Valid;

/**
 * What every stored resource's REST controller answers alike, below the path of the subclass's
 * {@code @RequestMapping}: {@code GET /{id}}, {@code POST} (201 with a Location of the new id),
 * {@code PUT /{id}} and {@code DELETE /{id}} (204). The subclass passes its service's methods and
 * adds what is its own. Spring and springdoc read the inherited methods as the subclass's, so its
 * operationIds (getEntity, createLoad, ...), tags and schemas stay those of a controller written out.
 *
 * @param <Q> the request record a create or update takes
 * @param <R> the response record; stored resources are audited, which gives them their id
 */
public abstract class ResourceController<Q, R extends Audited> {

    private final LongFunction<R> get;
    private final Function<Q, R> create;
    private final BiFunction<Long, Q, R> update;
    private final LongConsumer delete;
    // The subclass's path, so that the Location is what it always was (a path, not an absolute URL).
    private final String path;

    protected ResourceController(LongFunction<R> get, Function<Q, R> create, BiFunction<Long, Q, R> update,
                                 LongConsumer delete) {
        this.get = get;
        this.create = create;
        this.update = update;
        this.delete = delete;
        RequestMapping mapping = AnnotatedElementUtils.findMergedAnnotation(getClass(), RequestMapping.class);
        if (mapping == null || mapping.path().length != 1) {
            throw new IllegalStateException(getClass().getSimpleName() + " needs a @RequestMapping of one path");
        }
        this.path = mapping.path()[0];
    }

    @GetMapping("/{id}")
    public R get(@PathVariable long id) {
        return get.apply(id);
    }

    @PostMapping
    public ResponseEntity<R> create(@Valid @RequestBody Q request) {
        R created = create.apply(request);
        return ResponseEntity.created(URI.create(path + "/" + created.id())).body(created);
    }

    @PutMapping("/{id}")
    public R update(@PathVariable long id, @Valid @RequestBody Q request) {
        return update.apply(id, request);
    }

    @DeleteMapping("/{id}")
    public ResponseEntity<Void> delete(@PathVariable long id) {
        delete.accept(id);
        return ResponseEntity.noContent().build();
    }
}
