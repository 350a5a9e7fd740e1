package io.loadsmith.lineage.web;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;

import io.loadsmith.entity.EntityService;
import io.loadsmith.lineage.LineageGraph;
import io.loadsmith.lineage.LineageService;
import tools.jackson.databind.json.JsonMapper;

/**
 * Lineage pages: a package's graph and an entity's upstream and downstream, drawn by Cytoscape.js
 * from the graph embedded as JSON; the same graph is listed as links for keyboards and screen readers.
 */
@Controller
record LineagePageController(LineageService lineage, EntityService entities, JsonMapper json) {

    @GetMapping("/lineage")
    public String graph(@RequestParam(name = "package", required = false) String pkg, Model model) {
        return page(model, pkg == null ? "Lineage" : "Lineage of package " + pkg, lineage.forPackage(pkg), null);
    }

    @GetMapping("/entities/{id}/lineage")
    public String entity(@PathVariable long id, Model model) {
        String name = entities.get(id).qualifiedName();
        return page(model, "Lineage of " + name, lineage.forEntity(id), "entity:" + id);
    }

    private String page(Model model, String title, LineageGraph graph, String focus) {
        model.addAttribute("title", title);
        model.addAttribute("graph", graph);
        // Inside <script> only "</script>" could end the JSON early: no '<' reaches the page unescaped.
        model.addAttribute("graphJson", json.writeValueAsString(graph).replace("<", "\\u003c"));
        model.addAttribute("focus", focus);
        return "lineage/graph";
    }
}
