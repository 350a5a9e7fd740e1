package io.loadsmith.load.web;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import org.springframework.stereotype.Component;
import org.springframework.ui.Model;

import io.loadsmith.entity.AttributeJson;
import io.loadsmith.entity.EntityRequest;
import io.loadsmith.entity.EntityResponse;
import io.loadsmith.entity.EntityService;
import io.loadsmith.load.LoadResponse;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.FieldProblem;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.NotFoundException;

/**
 * The mapping editor's buttons. All but one change only the form on screen (the load is stored by
 * Save): {@code source-N} (source entity N was chosen: map by name), {@code map-by-name},
 * {@code map-into}, {@code add-mapping}, {@code remove-mapping-N}. {@code add-targets} is the
 * confirmation Map by name asks for: it adds the source attributes the target lacks to the target
 * entity, with their datatypes, at once, then maps them.
 */
@Component
class MappingActions {

    static final String ADD_TARGETS = "add-targets";

    private final EntityService entities;

    MappingActions(EntityService entities) {
        this.entities = entities;
    }

    static boolean handles(String action) {
        return action.matches("map-by-name|map-into|add-mapping|" + ADD_TARGETS + "|(remove-mapping|source)-\\d{1,4}");
    }

    /**
     * Where the keyboard goes once the editor is drawn again: back to the control used, or, when that
     * is gone (the confirmation's button, a removed mapping's ✕), to the button beside it.
     */
    static String focusAfter(String action) {
        return ADD_TARGETS.equals(action) ? "map-by-name" : action.startsWith("remove-mapping-") ? "add-mapping" : action;
    }

    /** The form as the button leaves it; the editor's mappings are from now on the ones a save stores. */
    LoadForm apply(LoadForm form, LoadResponse stored, String action, Model model) {
        MappingEditor editor = form.mapping().asEdited();
        List<EntityResponse> all = entities.list(null);
        if (action.startsWith("source-")) {
            editor = mapByName(editor.sourceChosen(Integer.parseInt(action.substring("source-".length())), all), stored, all, "", model);
        } else if ("map-by-name".equals(action)) {
            editor = mapByName(editor, stored, all, "", model);
        } else if (ADD_TARGETS.equals(action)) {
            editor = addTargets(editor, stored, all, model);
        } else if ("map-into".equals(action)) {
            Optional<MappingEditor> into = editor.mappedAllInto();
            model.addAttribute("mappingNote", into.isPresent() ? "Mapped the payload into " + editor.into() + "."
                    : "Choose a target attribute to map all into.");
            editor = into.orElse(editor);
        } else if ("add-mapping".equals(action)) {
            editor = editor.withMappingAdded();
        } else {
            editor = editor.withoutMapping(Integer.parseInt(action.substring("remove-mapping-".length())));
        }
        return form.withMapping(editor);
    }

    /** Maps by name, says how many, and offers to add what the target lacks (the confirmation). */
    private static MappingEditor mapByName(MappingEditor editor, LoadResponse stored, List<EntityResponse> all, String before, Model model) {
        MappingEditor mapped = editor.mappedByName(all);
        int count = mapped.mappedRows() - editor.mappedRows();
        model.addAttribute("mappingNote", before + "Mapped " + count + " target attribute" + (count == 1 ? "" : "s") + " by name.");
        List<AttributeJson> missing = mapped.unmatchedSources(all);
        if (!missing.isEmpty() && target(stored, all).isPresent()) {
            model.addAttribute("missingTargets", missing.stream().map(MappingActions::label).toList());
        }
        return mapped;
    }

    private MappingEditor addTargets(MappingEditor editor, LoadResponse stored, List<EntityResponse> all, Model model) {
        Optional<EntityResponse> target = target(stored, all);
        List<AttributeJson> missing = editor.unmatchedSources(all);
        if (target.isEmpty() || missing.isEmpty()) {
            return mapByName(editor, stored, all, "", model);
        }
        EntityResponse t = target.get();
        List<AttributeJson> attributes = new ArrayList<>(t.attributes());
        List<AttributeJson> added = missing.stream().map(MappingActions::likeSource).toList();
        attributes.addAll(added);
        try {
            entities.update(t.id(), new EntityRequest(t.version(), t.logicalName(), t.name(), t.schema(), t.entityType(),
                    t.physicalType(), t.packageName(), t.description(), t.fullRefreshPolicy(), attributes, t.caseSensitive()));
        } catch (InvalidRequestException e) {
            refused(t, e.errors().stream().map(FieldProblem::message).collect(Collectors.joining("; ")), missing, model);
            return editor;
        } catch (ConflictException | NotFoundException e) {
            refused(t, e.getMessage(), missing, model);
            return editor;
        }
        return mapByName(editor.withRowsAdded(added), stored, entities.list(null), "Added " + added.stream().map(MappingActions::label)
                .collect(Collectors.joining(", ")) + " to " + t.qualifiedName() + ". ", model);
    }

    private static void refused(EntityResponse target, String why, List<AttributeJson> missing, Model model) {
        model.addAttribute("mappingError", "Could not add the attributes to " + target.qualifiedName() + ": " + why);
        model.addAttribute("missingTargets", missing.stream().map(MappingActions::label).toList());
    }

    /** The target's attributes are those of the saved load's target: the rows are drawn from them. */
    private static Optional<EntityResponse> target(LoadResponse stored, List<EntityResponse> all) {
        return all.stream().filter(e -> e.qualifiedName().equalsIgnoreCase(stored.target())).findFirst();
    }

    /** A new target attribute of the source attribute's name and datatype; nullable, as a copy may bring nulls. */
    private static AttributeJson likeSource(AttributeJson a) {
        return new AttributeJson(a.name(), a.datatype(), a.dataLength(), a.dataPrecision(), a.dataScale(), true, null, null,
                null, a.caseSensitive());
    }

    /** {@code COUNTRY VARCHAR(40)}, {@code AMOUNT NUMBER(12,2)}. */
    static String label(AttributeJson a) {
        String size = a.dataLength() != null ? "(" + a.dataLength() + ")"
                : a.dataPrecision() != null ? "(" + a.dataPrecision() + (a.dataScale() != null ? "," + a.dataScale() : "") + ")" : "";
        return a.name() + " " + a.datatype() + size;
    }
}
