package io.loadsmith.template;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

import io.loadsmith.audit.AuditTrail;
import io.loadsmith.audit.NamedRowService;
import io.loadsmith.audit.ObjectKind;
import io.loadsmith.dialect.Identifiers;
import io.loadsmith.generation.call.ParameterKinds;
import io.loadsmith.generation.call.TemplateCallParser;
import io.loadsmith.generation.catalog.ParameterType;
import io.loadsmith.generation.catalog.TemplateLookup;
import io.loadsmith.names.Names;
import io.loadsmith.packageregistry.MetadataPackage;
import io.loadsmith.packageregistry.MetadataPackageService;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.Violations;
import io.loadsmith.store.TemplateCacheEviction;

/** Stored load templates. Every text is checked (sandbox, syntax) before anything is written. */
@Service
@Transactional
public class TemplateService extends NamedRowService<LoadTemplate, TemplateResponse> {

    /** Names the generator puts into every template's data model; a parameter may not hide them. */
    private static final Set<String> RESERVED = Set.of("model", "loads", "sql", "fn", "dialect", "loadOpt",
            "loadOptDefined");

    private final LoadTemplateRepository templates;
    private final MetadataPackageService packages;
    private final TemplateTextCheck textCheck;
    private final TemplateCacheEviction eviction;
    private final TemplateLookup lookup;

    public TemplateService(LoadTemplateRepository templates, MetadataPackageService packages,
                           TemplateTextCheck textCheck, TemplateCacheEviction eviction, AuditTrail audit,
                           TemplateLookup lookup) {
        super(ObjectKind.TEMPLATE, templates, TemplateService::toResponse, audit);
        this.lookup = lookup;
        this.templates = templates;
        this.packages = packages;
        this.textCheck = textCheck;
        this.eviction = eviction;
    }

    public TemplateResponse create(TemplateRequest request) {
        return createNamed(request.name(), new LoadTemplate(request.name()), template -> {
            apply(template, request);
            eviction.changed();
        });
    }

    public TemplateResponse update(long id, TemplateRequest request) {
        return updateNamed(id, request.version(), request.name(), template -> {
            apply(template, request);
            eviction.changed();
        });
    }

    /** Refused while a load calls the template and no library template of that name would take over. */
    public void delete(long id) {
        LoadTemplate template = rows.find(id);
        if (lookup.shipped(template.getName()).isEmpty()) {
            List<String> loads = loadsCalling(template.getName());
            if (!loads.isEmpty()) {
                throw new ConflictException(kind() + " '" + template.getName() + "' is called by steps of loads "
                        + String.join(", ", loads) + "; delete or change them first.");
            }
        }
        rows.delete(template);
        eviction.changed();
    }

    /** The loads with a step that calls {@code name}, as the generator parses the steps. */
    private List<String> loadsCalling(String name) {
        Set<String> loads = new TreeSet<>();
        for (Object[] row : templates.stepsMentioning(name)) {
            if (calls((String) row[1], name)) {
                loads.add((String) row[0]);
            }
        }
        return List.copyOf(loads);
    }

    private static boolean calls(String stepText, String name) {
        try {
            return TemplateCallParser.parse(stepText).stream().anyMatch(call -> call.templateName().equals(name));
        } catch (TemplateCallParser.SyntaxError e) {
            // A step that does not parse fails anyway; one that may call the template keeps it.
            return true;
        }
    }

    private void apply(LoadTemplate template, TemplateRequest r) {
        Violations violations = new Violations();
        Identifiers.check(violations, "name", r.name());
        List<TemplateParameter> parameters = new ArrayList<>();
        for (int i = 0; i < r.parameters().size(); i++) {
            parameters.add(parameter(violations, "parameters[" + i + "]", r.parameters().get(i)));
        }
        violations.throwIfAny();
        Map<String, String> variants = textCheck.check(r.name(), "variants", r.variants());
        MetadataPackage inPackage = r.packageName() == null ? null : packages.byName("packageName", r.packageName());
        template.change(r.name(), r.description(), inPackage);
        template.replaceParameters(parameters);
        template.replaceVariants(variants);
    }

    private static TemplateParameter parameter(Violations violations, String at, ParameterJson p) {
        ParameterType type = p.type() == null ? ParameterType.STRING : p.type();
        Identifiers.check(violations, at + ".name", p.name());
        if (RESERVED.contains(p.name())) {
            violations.add(at + ".name", p.name(), "is a name every template already has (" + String.join(", ",
                    new TreeSet<>(RESERVED)) + ")");
        }
        if (p.required() && p.defaultValue() != null) {
            violations.add(at + ".defaultValue", p.defaultValue(), "a required parameter has no default");
        }
        if (p.defaultValue() != null && !ParameterKinds.fits(type, p.defaultValue())) {
            violations.add(at + ".defaultValue", p.defaultValue(), "is not a " + type + " value");
        }
        return new TemplateParameter(p.name(), type, p.required(), p.defaultValue(), p.description());
    }

    private static TemplateResponse toResponse(LoadTemplate t) {
        return new TemplateResponse(t.getId(), t.getVersion(), t.getName(), t.getDescription(),
                t.getMetadataPackage() == null ? null : t.getMetadataPackage().getName(),
                t.getParameters().stream().map(p -> new ParameterJson(p.getName(), p.getType(), p.isRequired(),
                        p.getDefaultValue(), p.getDescription())).toList(),
                new TreeMap<>(t.getVariants()));
    }
}
