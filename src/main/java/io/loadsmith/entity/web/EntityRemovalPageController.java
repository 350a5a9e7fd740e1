package io.loadsmith.entity.web;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;

import io.loadsmith.entity.EntityService;
import io.loadsmith.web.Removal;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** Deleting an entity (soft: the list offers Undo) and restoring it, through the shared {@link Removal}. */
@Controller
@RequestMapping("/entities")
class EntityRemovalPageController {

    private final EntityService entities;

    public EntityRemovalPageController(EntityService entities) {
        this.entities = entities;
    }

    /** Without JavaScript, deleting asks on a page of its own. */
    @GetMapping("/{id}/delete")
    public String confirmDelete(@PathVariable long id, Model model) {
        return Removal.confirm(model, "entity " + entities.get(id).qualifiedName(),
                "You can restore it from the list of entities.", "/entities/" + id + "/delete", "/entities/" + id);
    }

    @PostMapping("/{id}/delete")
    public String delete(@PathVariable long id, HttpServletRequest request, HttpServletResponse response) {
        return Removal.perform(() -> entities.softDelete(id), "/entities?deleted=" + id, request, response);
    }

    @PostMapping("/{id}/restore")
    public String restore(@PathVariable long id, HttpServletRequest request, HttpServletResponse response) {
        return Removal.perform(() -> entities.restore(id), "/entities/" + id, request, response);
    }
}
