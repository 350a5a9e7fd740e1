package io.loadsmith.entity.web;

import java.util.List;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.validation.BindingResult;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.dialect.LogicalDatatypes;
import io.loadsmith.entity.EntityService;
import io.loadsmith.entity.EntityResponse;
import io.loadsmith.entitytype.AttributeTypeService;
import io.loadsmith.entitytype.EntityTypeService;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.entitytype.AttributeTypeResponse;
import io.loadsmith.entitytype.EntityTypeResponse;
import io.loadsmith.web.FormErrors;
import io.loadsmith.web.FormRows;
import io.loadsmith.web.Htmx;
import io.loadsmith.problem.RequestChecks;
import jakarta.servlet.http.HttpServletRequest;

/**
 * The entity page: its attribute grid, the DDL preview and the loads that write or read it. The list and
 * the new-entity form are {@link EntityListPageController}'s, the DDL fragment {@link EntityDdlPageController}'s,
 * delete and restore {@link EntityRemovalPageController}'s.
 */
@Controller
@RequestMapping("/entities")
record EntityPageController(EntityService entities, EntityTypeService entityTypes, AttributeTypeService attributeTypes,
                            LogicalDatatypes datatypes, DialectRegistry dialects, DdlPreview ddl, RelatedLoads loads,
                            PackageNames packageNames) {

    @GetMapping("/{id}")
    public String show(@PathVariable long id, @RequestParam(required = false) String dialect,
                       @RequestParam(required = false) String saved, @RequestParam(required = false) String noLoad,
                       Model model) {
        EntityResponse entity = entities.get(id);
        model.addAttribute("form", EntityForm.of(entity));
        model.addAttribute("saved", saved == null ? null : "Saved.");
        model.addAttribute("noLoad", noLoad != null);
        return detail(id, entity, dialect, model, FormErrors.NONE);
    }

    /**
     * One POST for everything the grid does. {@code action} is {@code save}, {@code add},
     * {@code remove-N}, {@code up-N} or {@code down-N}: only save stores anything; the others
     * change the form the user is editing and show it again, unsaved.
     */
    @PostMapping("/{id}")
    public String edit(@PathVariable long id, @ModelAttribute("form") EntityForm form, BindingResult binding,
                       @RequestParam(defaultValue = "save") String action, Model model, HttpServletRequest request) {
        EntityResponse stored = entities.get(id);
        if (!"save".equals(action)) {
            EntityForm shown = form.withAttributes(rearranged(form.attributes(), action));
            model.addAttribute("form", shown);
            model.addAttribute("saved", null);
            model.addAttribute("unsaved", true);
            if ("add".equals(action)) {
                // The next keystroke names the new attribute (htmx focuses an autofocus element it swaps in).
                model.addAttribute("focusRow", shown.attributes().size() - 1);
            }
            return editorView(request, detail(id, stored, null, model, FormErrors.NONE));
        }
        FormErrors refused = binding.hasErrors() ? FormErrors.of(binding)
                : FormErrors.attempt(() -> entities.update(id, RequestChecks.valid(form.toRequest())));
        if (refused.any()) {
            return editorView(request, detail(id, stored, null, model, refused));
        }
        if (Htmx.isHtmx(request)) {
            EntityResponse fresh = entities.get(id);
            model.addAttribute("form", EntityForm.of(fresh));
            model.addAttribute("saved", "Saved.");
            return editorView(request, detail(id, fresh, null, model, FormErrors.NONE));
        }
        return "redirect:/entities/" + id + "?saved";
    }

    private static String editorView(HttpServletRequest request, String view) {
        return Htmx.view(request, view, "editor");
    }

    /** The grid's rows after an editor button, as a new list: {@code add}, or a row action of {@link FormRows}. */
    static List<EntityForm.AttributeRow> rearranged(List<EntityForm.AttributeRow> rows, String action) {
        if ("add".equals(action)) {
            List<EntityForm.AttributeRow> more = new java.util.ArrayList<>(rows);
            more.add(EntityForm.AttributeRow.blankRow());
            return more;
        }
        return FormRows.moved(rows, action);
    }

    private String detail(long id, EntityResponse entity, String dialect, Model model, FormErrors errors) {
        model.addAttribute("entity", entity);
        model.addAttribute("errors", errors);
        model.addAttribute("types", entityTypes.list(null).stream().map(EntityTypeResponse::name).toList());
        model.addAttribute("attributeTypes", attributeTypes.list(null).stream().map(AttributeTypeResponse::name).toList());
        model.addAttribute("datatypes", datatypes.names().stream().sorted().toList());
        model.addAttribute("physicalTypes", PhysicalType.values());
        model.addAttribute("dialects", dialects.names());
        model.addAttribute("packageNames", packageNames.all());
        model.addAttribute("ddl", ddl.of(id, dialect));
        String name = entity.qualifiedName();
        model.addAttribute("writtenBy", loads.writing(name));
        model.addAttribute("readBy", loads.reading(name));
        model.addAttribute("fedBy", links(loads.mappedInto(name)));
        model.addAttribute("feeds", links(loads.mappedFrom(name)));
        return "entities/detail";
    }

    /** Links to the entities of these qualified names (all live: an entity a load maps cannot be deleted). */
    private List<RelatedLoads.EntityLink> links(List<String> qualifiedNames) {
        return qualifiedNames.stream().map(entities::findByQualifiedName).flatMap(java.util.Optional::stream)
                .map(e -> new RelatedLoads.EntityLink(e.getId(), e.qualifiedName())).toList();
    }
}
