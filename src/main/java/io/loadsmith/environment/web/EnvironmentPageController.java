package io.loadsmith.environment.web;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.stream.Collectors;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

import io.loadsmith.environment.EnvironmentService;
import io.loadsmith.environment.EnvironmentRequest;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.web.FormErrors;
import io.loadsmith.web.NameValueLines;
import io.loadsmith.problem.RequestChecks;

/**
 * Environments and their variables, which the preview and the SQL package substitute for
 * {@code <name>}: everyone reads them, an ADMIN edits them (one NAME=value a line).
 */
@Controller
@RequestMapping("/environments")
record EnvironmentPageController(EnvironmentService environments) {

    /** A refused form as it was typed, to show it again: {@code form} is "new" or the environment's id. */
    record Typed(String form, String name, String description, String variables) {
    }

    @GetMapping
    public String list(@RequestParam(required = false) String saved, Model model) {
        return page(model, saved == null ? null : "Saved " + saved + ".", null, FormErrors.NONE);
    }

    @PostMapping
    public String create(@RequestParam String name, @RequestParam(required = false) String description,
                         @RequestParam(defaultValue = "") String variables, Model model) {
        return save(null, null, name, description, variables, model);
    }

    @PostMapping("/{id}")
    public String update(@PathVariable long id, @RequestParam(required = false) Long version, @RequestParam String name,
                         @RequestParam(required = false) String description,
                         @RequestParam(defaultValue = "") String variables, Model model) {
        return save(id, version, name, description, variables, model);
    }

    private String save(Long id, Long version, String name, String description, String variables, Model model) {
        try {
            EnvironmentRequest request = RequestChecks.valid(new EnvironmentRequest(version, name,
                    description == null || description.isBlank() ? null : description.strip(), parse(variables)));
            if (id == null) {
                environments.create(request);
            } else {
                environments.update(id, request);
            }
            return "redirect:/environments?saved=" + URLEncoder.encode(name, StandardCharsets.UTF_8);
        } catch (InvalidRequestException e) {
            return page(model, null, typed(id, name, description, variables), FormErrors.of(e));
        } catch (ConflictException e) {
            return page(model, null, typed(id, name, description, variables), FormErrors.message(e.getMessage()));
        }
    }

    private static Typed typed(Long id, String name, String description, String variables) {
        return new Typed(id == null ? "new" : String.valueOf(id), name, description, variables);
    }

    private String page(Model model, String saved, Typed typed, FormErrors errors) {
        var all = environments.list(null);
        model.addAttribute("environments", all);
        model.addAttribute("variableLines", all.stream().collect(Collectors.toMap(
                e -> e.id(), e -> lines(e.variables()))));
        model.addAttribute("saved", saved);
        model.addAttribute("failed", typed == null ? null : typed.form());
        model.addAttribute("typed", typed);
        model.addAttribute("errors", errors);
        return "environments/list";
    }

    static Map<String, String> parse(String text) {
        return NameValueLines.parse("variables", text);
    }

    /** The variables as the textarea shows them. */
    public static String lines(Map<String, String> variables) {
        return NameValueLines.lines(variables);
    }
}
