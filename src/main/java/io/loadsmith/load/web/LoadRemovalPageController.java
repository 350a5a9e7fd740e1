package io.loadsmith.load.web;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;

import io.loadsmith.load.LoadService;
import io.loadsmith.web.Removal;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** Deleting a load (soft: the list offers Undo) and restoring it. */
@Controller
@RequestMapping("/loads")
class LoadRemovalPageController {

    private final LoadService loads;

    public LoadRemovalPageController(LoadService loads) {
        this.loads = loads;
    }

    /** Without JavaScript, deleting asks on a page of its own. */
    @GetMapping("/{id}/delete")
    public String confirmDelete(@PathVariable long id, Model model) {
        return Removal.confirm(model, "load " + loads.get(id).name(), "You can restore it from the list of loads.",
                "/loads/" + id + "/delete", "/loads/" + id);
    }

    @PostMapping("/{id}/delete")
    public String delete(@PathVariable long id, HttpServletRequest request, HttpServletResponse response) {
        return Removal.perform(() -> loads.softDelete(id), "/loads?deleted=" + id, request, response);
    }

    @PostMapping("/{id}/restore")
    public String restore(@PathVariable long id, HttpServletRequest request, HttpServletResponse response) {
        return Removal.perform(() -> loads.restore(id), "/loads/" + id, request, response);
    }
}
