package io.loadsmith.template;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import org.springframework.stereotype.Component;

import freemarker.core.ParseException;
import io.loadsmith.dialect.Dialect;
import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.generation.catalog.TemplateDefinition;
import io.loadsmith.generation.catalog.TemplateRejectedException;
import io.loadsmith.generation.catalog.TemplateSandbox;
import io.loadsmith.generation.render.FreemarkerEngine;
import io.loadsmith.generation.render.FreemarkerErrors;
import io.loadsmith.generation.render.RenderGuard;
import io.loadsmith.problem.InvalidRequestException;

/**
 * What a stored template or formula text must pass before it is saved: a variant key that is
 * "default", a target dialect or a family of them (sql2016), the sandbox, and FreeMarker's parser (with the variant's dialect).
 */
@Component
class TemplateTextCheck {

    private final FreemarkerEngine engine;
    private final DialectRegistry dialects;

    public TemplateTextCheck(FreemarkerEngine engine, DialectRegistry dialects) {
        this.engine = engine;
        this.dialects = dialects;
    }

    /** Checks every variant and returns them keyed by lower-case dialect name. */
    public Map<String, String> check(String template, String field, Map<String, String> variants) {
        Map<String, String> checked = new LinkedHashMap<>();
        for (var entry : variants.entrySet()) {
            String variant = entry.getKey().toLowerCase(Locale.ROOT);
            boolean isDefault = TemplateDefinition.DEFAULT_VARIANT.equals(variant);
            if (!isDefault && !dialects.isVariantKey(variant)) {
                throw InvalidRequestException.of(field + "." + entry.getKey(), entry.getKey(),
                        "is neither \"default\" nor a dialect or a family of dialects ("
                                + String.join(", ", dialects.variantKeys()) + ")");
            }
            String text = entry.getValue();
            if (text == null || text.isBlank()) {
                throw InvalidRequestException.of(field + "." + entry.getKey(), text, "has no text");
            }
            var refusals = TemplateSandbox.refusals(text);
            if (!refusals.isEmpty()) {
                throw TemplateRejectedException.refused(field + "." + variant, template, variant, refusals.get(0));
            }
            // A family's variant is parsed as one of the dialects it reaches would parse it.
            Dialect dialect = isDefault ? dialects.targets().iterator().next() : dialects.firstReachedBy(variant);
            try {
                engine.parse(dialect, template, text);
            } catch (ParseException e) {
                throw TemplateRejectedException.syntax(field + "." + variant, template, variant, e.getLineNumber(), e.getColumnNumber(),
                        FreemarkerErrors.withoutJavaNames(e.getEditorMessage() == null ? e.getMessage() : e.getEditorMessage().strip()));
            } catch (RenderGuard.Stopped e) {
                throw TemplateRejectedException.unparseable(field + "." + variant, template, variant, e.getMessage());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            checked.put(variant, text);
        }
        return checked;
    }
}
