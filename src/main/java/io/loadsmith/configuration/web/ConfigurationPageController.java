package io.loadsmith.configuration.web;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

import io.loadsmith.problem.NotFoundException;
import io.loadsmith.web.Removal;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * The configuration overview and deleting its parts; each part's forms live with its feature
 * (entity types, attribute types, default attributes and datatype mappings in entitytype,
 * transformation types in template).
 */
@Controller
@RequestMapping("/configuration")
class ConfigurationPageController {

    private final ConfigurationOverview overview;

    public ConfigurationPageController(ConfigurationOverview overview) {
        this.overview = overview;
    }

    @GetMapping
    public String overview(@RequestParam(required = false) String saved, Model model) {
        model.addAttribute("saved", saved == null ? null : "Saved.");
        return overview.page(model);
    }

    @GetMapping("/{kind}/{id}/delete")
    public String confirmDelete(@PathVariable String kind, @PathVariable long id, Model model) {
        return Removal.confirm(model, part(kind).describe().apply(id), null,
                "/configuration/" + kind + "/" + id + "/delete", "/configuration");
    }

    /** Deletes for good; the services refuse what is still in use, and the error page says by what. */
    @PostMapping("/{kind}/{id}/delete")
    public String delete(@PathVariable String kind, @PathVariable long id, HttpServletRequest request,
                         HttpServletResponse response) {
        ConfigurationSection.Part part = part(kind);
        return Removal.perform(() -> part.delete().accept(id), "/configuration?saved", request, response);
    }

    private ConfigurationSection.Part part(String kind) {
        return overview.part(kind)
                .orElseThrow(() -> new NotFoundException("There is no configuration part called '" + kind + "'."));
    }
}
