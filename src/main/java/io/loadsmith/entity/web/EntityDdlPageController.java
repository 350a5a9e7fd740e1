package io.loadsmith.entity.web;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.entity.EntityService;
import io.loadsmith.web.Htmx;
import io.loadsmith.web.Link;
import jakarta.servlet.http.HttpServletRequest;

/** The entity page's DDL fragment, redrawn when the dialect changes; without htmx, the page in that dialect. */
@Controller
@RequestMapping("/entities")
record EntityDdlPageController(EntityService entities, DialectRegistry dialects, DdlPreview ddl,
                               PackageNames packageNames) {

    @GetMapping("/{id}/ddl")
    public String ddl(@PathVariable long id, @RequestParam(required = false) String dialect, Model model,
                      HttpServletRequest request) {
        if (!Htmx.isHtmx(request)) {
            dialects.check(dialect);
            return Link.to("/entities/{id}", id).param("dialect", dialect).redirect();
        }
        model.addAttribute("entity", entities.get(id));
        model.addAttribute("dialects", dialects.names());
        model.addAttribute("packageNames", packageNames.all());
        model.addAttribute("ddl", ddl.of(id, dialect));
        return "entities/detail :: ddl";
    }
}
