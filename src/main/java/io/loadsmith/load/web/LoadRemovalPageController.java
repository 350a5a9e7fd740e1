package io.loadsmith.load.web;

import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.RequestMapping;

import io.loadsmith.load.LoadService;
import io.loadsmith.web.SoftRemovalPages;

/** Deleting a load (soft: the list offers Undo) and restoring it, through the shared {@link SoftRemovalPages}. */
@Controller
@RequestMapping("/loads")
class LoadRemovalPageController extends SoftRemovalPages {

    LoadRemovalPageController(LoadService loads) {
        super("/loads", id -> "load " + loads.get(id).name(), loads::softDelete, loads::restore);
    }
}
