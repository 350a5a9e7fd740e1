package io.loadsmith.load.web;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.thymeleaf.ITemplateEngine;
import org.thymeleaf.context.Context;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.environment.EnvironmentResponse;
import io.loadsmith.environment.EnvironmentService;
import io.loadsmith.generation.StoreCache;
import io.loadsmith.generation.StoreChanges;

/**
 * The preview pane's dialect and environment switchers and the chosen environment's note, drawn
 * from loads/detail.html's fragments once per choice and kept until an environment changes (which
 * moves the store's revision, StoreChanges): the pane is drawn again on every keystroke, and
 * evaluating its option lists there was a large part of the live preview's CPU.
 */
final class PreviewSwitchers {

    private static final String TEMPLATE = "loads/detail";

    private final ITemplateEngine engine;
    private final DialectRegistry dialects;
    private final EnvironmentService environments;
    private final StoreCache<Choice, String> drawn;

    PreviewSwitchers(ITemplateEngine engine, DialectRegistry dialects, EnvironmentService environments,
                     StoreChanges changes) {
        this.engine = engine;
        this.dialects = dialects;
        this.environments = environments;
        // Choices come from requests (an unknown dialect is shown refused): a full cache starts again empty.
        this.drawn = new StoreCache<>(changes, 256);
    }

    /** The markup the pane shows for a preview of {@code dialect} and {@code environment} (either may be null). */
    Drawn of(String dialect, String environment) {
        return new Drawn(drawn.get(new Choice("dialectOptions", dialect), this::draw),
                drawn.get(new Choice("environmentOptions", environment), this::draw),
                drawn.get(new Choice("environmentNote", environment), this::draw));
    }

    private String draw(Choice choice) {
        Map<String, Object> variables = new HashMap<>();
        switch (choice.fragment()) {
            case "dialectOptions" -> variables.put("dialects", dialects.names());
            case "environmentOptions" -> variables.put("environments",
                    environments.list(null).stream().map(EnvironmentResponse::name).toList());
            default -> {
                variables.put("environment", choice.value());
                variables.put("vars", choice.value() == null ? null : environments.list(null).stream()
                        .filter(e -> e.name().equals(choice.value())).findFirst()
                        .map(EnvironmentResponse::variables).orElse(null));
            }
        }
        variables.put("selected", choice.value());
        return engine.process(TEMPLATE, Set.of(choice.fragment()), new Context(Locale.ROOT, variables));
    }

    private record Choice(String fragment, String value) {
    }

    /** The dialect options, the environment options and the environment's note, as markup. */
    public record Drawn(String dialects, String environments, String note) {
    }
}
