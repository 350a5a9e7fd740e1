package io.loadsmith.entity.web;

import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.RequestMapping;

import io.loadsmith.entity.EntityService;
import io.loadsmith.web.SoftRemovalPages;

/** Deleting an entity (soft: the list offers Undo) and restoring it, through the shared {@link SoftRemovalPages}. */
@Controller
@RequestMapping("/entities")
class EntityRemovalPageController extends SoftRemovalPages {

    EntityRemovalPageController(EntityService entities) {
        super("/entities", id -> "entity " + entities.get(id).qualifiedName(), entities::softDelete, entities::restore);
    }
}
