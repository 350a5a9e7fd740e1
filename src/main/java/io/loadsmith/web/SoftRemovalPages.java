package io.loadsmith.web;

import java.util.function.LongConsumer;
import java.util.function.LongFunction;

import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * The removal pages of an object its list can bring back (soft delete, Undo): the confirmation page
 * without JavaScript, the delete and the restore. A feature's controller maps the list's path
 * ({@code /entities}) and says only what the object is called and how its service deletes and restores.
 */
public abstract class SoftRemovalPages {

    private final String list;
    private final LongFunction<String> what;
    private final LongConsumer softDelete;
    private final LongConsumer restore;

    /** {@code list} is the path the controller maps, e.g. {@code /entities}; {@code what} names one, e.g. "entity sales.customer". */
    protected SoftRemovalPages(String list, LongFunction<String> what, LongConsumer softDelete, LongConsumer restore) {
        this.list = list;
        this.what = what;
        this.softDelete = softDelete;
        this.restore = restore;
    }

    /** Without JavaScript, deleting asks on a page of its own. */
    @GetMapping("/{id}/delete")
    public String confirmDelete(@PathVariable long id, Model model) {
        // The list is named by its path: "/entities" is "the list of entities".
        return Removal.confirm(model, what.apply(id), "You can restore it from the list of " + list.substring(1) + ".",
                list + "/" + id + "/delete", list + "/" + id);
    }

    @PostMapping("/{id}/delete")
    public String delete(@PathVariable long id, HttpServletRequest request, HttpServletResponse response) {
        return Removal.perform(() -> softDelete.accept(id), list + "?deleted=" + id, request, response);
    }

    @PostMapping("/{id}/restore")
    public String restore(@PathVariable long id, HttpServletRequest request, HttpServletResponse response) {
        return Removal.perform(() -> restore.accept(id), list + "/" + id, request, response);
    }
}
