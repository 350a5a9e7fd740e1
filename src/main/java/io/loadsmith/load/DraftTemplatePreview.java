package io.loadsmith.load;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

import io.loadsmith.generation.EngineFactory;
import io.loadsmith.generation.EngineSettings;
import io.loadsmith.generation.GeneratedLoad;
import io.loadsmith.generation.call.TemplateCallParser;
import io.loadsmith.generation.catalog.ParameterDefinition;
import io.loadsmith.generation.catalog.TemplateDefinition;
import io.loadsmith.generation.catalog.TemplateKind;
import io.loadsmith.generation.catalog.TemplateSandbox;
import io.loadsmith.generation.catalog.TemplateSource;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.StepModel;
import io.loadsmith.generation.model.StepType;

/**
 * Generates a load as it would be if a template had the text in the editor, before it is saved: the
 * draft stands in front of the application's template sources in an engine of its own, so nothing
 * the application uses sees it. Everything else (full-refresh policies, datatype mappings, the
 * render limits) is the application's settings, so the draft's SQL is what the saved template gives.
 */
@Service
// The model is read by the assembler in its own transaction; the render holds no connection.
@Transactional(propagation = Propagation.NOT_SUPPORTED)
public class DraftTemplatePreview {

    private final EngineFactory factory;
    private final EngineSettings settings;
    private final LoadModelAssembler assembler;

    public DraftTemplatePreview(EngineFactory factory, EngineSettings settings, LoadModelAssembler assembler) {
        this.factory = factory;
        this.settings = settings;
        this.assembler = assembler;
    }

    /** Throws GenerationException (with template, line and column) like the saved template would. */
    public GeneratedLoad generate(long loadId, String dialect, String templateName, List<ParameterDefinition> parameters,
                                  Map<String, String> variants) {
        // The same early, friendly refusal as a save; the engine's configuration enforces it regardless.
        variants.forEach((variant, text) -> TemplateSandbox.check(templateName, variant, text));
        TemplateDefinition draft = new TemplateDefinition(TemplateKind.TEMPLATE, templateName, null, parameters, variants,
                "draft");
        TemplateSource source = new TemplateSource() {
            @Override
            public String describe() {
                return "editor";
            }

            @Override
            public Optional<TemplateDefinition> find(TemplateKind kind, String name) {
                return kind == TemplateKind.TEMPLATE && name.equals(templateName) ? Optional.of(draft) : Optional.empty();
            }

            @Override
            public String location(TemplateKind kind, String name, String variant) {
                return "the editor's text of " + name + (variant == null ? "" : " (" + variant + ")");
            }
        };
        return factory.build(settings.withTemplatesFirst(source)).loads()
                .generate(calling(assembler.assemble(loadId), templateName), dialect, Map.of());
    }

    /**
     * A load that does not call the template yet (the page offers any load then) gets it as a last step,
     * without arguments, so that the preview shows the template's own output, or what its call needs.
     */
    static LoadModel calling(LoadModel load, String templateName) {
        boolean calls = load.steps().stream().anyMatch(step -> {
            try {
                return TemplateCallParser.parse(step.text()).stream().anyMatch(c -> c.templateName().equals(templateName));
            } catch (TemplateCallParser.SyntaxError e) {
                return false;
            }
        });
        if (calls) {
            return load;
        }
        List<StepModel> steps = new ArrayList<>(load.steps());
        steps.add(new StepModel(templateName, StepType.OVERRIDE, TemplateCallParser.OPEN + templateName + ">"));
        return new LoadModel(load.name(), load.target(), load.sources(), steps, load.options());
    }
}
