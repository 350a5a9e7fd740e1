package io.loadsmith.load.web;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.environment.EnvironmentService;
import io.loadsmith.load.LoadService;
import io.loadsmith.web.Htmx;
import io.loadsmith.web.Link;
import jakarta.servlet.http.HttpServletRequest;

/** The saved load's preview pane alone, for the dialect and environment switchers (GET, so a VIEWER may). */
@Controller
@RequestMapping("/loads")
record LoadPreviewPageController(LoadService loads, LoadPreviews previews, DialectRegistry dialects,
                                 EnvironmentService environments) {

    @GetMapping("/{id}/preview")
    public String preview(@PathVariable long id, @RequestParam(required = false) String dialect,
                          @RequestParam(required = false) String environment, Model model, HttpServletRequest request) {
        if (!Htmx.isHtmx(request)) {
            // Without htmx: the load page with that dialect and environment chosen.
            dialects.check(dialect);
            environments.check(environment);
            return Link.to("/loads/{id}", id).param("dialect", dialects.choose(dialect))
                    .param("environment", environment).redirect();
        }
        model.addAttribute("loadId", loads.get(id).id());
        return previews.show(previews.saved(id, dialect, environment), model, "loads/detail :: preview");
    }
}
