package io.loadsmith.generation.call;

import java.util.List;

import io.loadsmith.generation.catalog.TemplateCatalog;
import io.loadsmith.generation.catalog.TemplateDefinition;
import io.loadsmith.generation.catalog.TemplateKind;
import io.loadsmith.generation.catalog.TemplateNotFoundException;
import io.loadsmith.generation.model.GenerationException.Location;
import io.loadsmith.generation.model.GenerationException;
import io.loadsmith.generation.model.StepModel;

/**
 * Checks a load's {@code <ftltemplate:...>} calls without rendering anything: the call syntax,
 * that each template exists, and that the arguments bind to its parameters. The store runs this
 * before saving a load, so that a step that can never expand is not saved. Problems that need the
 * model and a dialect (a missing attribute type, say) only show when the load is generated.
 */
public class TemplateCallCheck {

    private final TemplateCatalog catalog;

    public TemplateCallCheck(TemplateCatalog catalog) {
        this.catalog = catalog;
    }

    /** @throws GenerationException naming the load, step, template, line and column of the first problem */
    public void check(String loadName, List<StepModel> steps) {
        for (int i = 0; i < steps.size(); i++) {
            StepModel step = steps.get(i);
            Location at = Location.ofLoad(loadName).atStep(i + 1, step.name());
            List<TemplateCall> calls;
            try {
                calls = TemplateCallParser.parse(step.text());
            } catch (TemplateCallParser.SyntaxError e) {
                throw new GenerationException(at.inTemplate(null, e.line, e.column), e.getMessage());
            }
            for (TemplateCall call : calls) {
                Location callAt = at.inTemplate(call.templateName(), call.line(), call.column());
                try {
                    TemplateDefinition template = catalog.get(TemplateKind.TEMPLATE, call.templateName());
                    ParameterBinder.bind(template, call.arguments());
                } catch (TemplateNotFoundException | IllegalArgumentException e) {
                    throw new GenerationException(callAt, e.getMessage());
                }
            }
        }
    }
}
