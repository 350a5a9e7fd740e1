package io.loadsmith.generation.render;

import java.util.ArrayDeque;
import java.util.Deque;

import freemarker.core.Environment;
import freemarker.core.ParseException;
import freemarker.core.TemplateElement;
import freemarker.core.TemplateProcessingTracer;
import freemarker.template.Template;
import io.loadsmith.generation.context.TemplateApiException;

/**
 * Rules about the parsed structure of a template, checked on FreeMarker's own parse tree (so no
 * spelling, comment or bracket syntax hides anything from it) and again while it runs (so text made
 * at run time by {@code ?interpret} obeys them too):
 * <ul>
 * <li>no {@code <#attempt>}: its {@code .error} would write engine messages, which name Java
 *     classes, into the generated SQL; a load template should fail with its message instead;</li>
 * <li>directives nested at most {@value #MAX_DEPTH} deep.</li>
 * </ul>
 */
final class TemplateStructure {

    static final int MAX_DEPTH = 64;

    /** Refuses an {@code <#attempt>} when it is entered, wherever its text came from. */
    static final TemplateProcessingTracer TRACER = new TemplateProcessingTracer() {
        @Override
        public void enterElement(Environment env, TracedElement element) {
            // A class test, not getDescription(): that builds the element's canonical text on every
            // element entered and was a third of all export CPU (JFR, 2026-12-03).
            if (element.getClass() == ATTEMPT_BLOCK) {
                throw new TemplateApiException(ATTEMPT);
            }
        }

        @Override
        public void exitElement(Environment env, TracedElement element) {
            // Nothing to check on the way out.
        }
    };

    /** FreeMarker's class of {@code <#attempt>} (package-private there); fails at start-up if it moves. */
    private static final Class<?> ATTEMPT_BLOCK = attemptBlock();

    private static final String ATTEMPT =
            "<#attempt> is not available in load templates: a failure must stop the load with its message.";

    private TemplateStructure() {
    }

    /** Walks the parse tree without recursion, so that any depth can be inspected. */
    @SuppressWarnings("deprecation")
    static void check(Template template) throws ParseException {
        Deque<TemplateElement> elements = new ArrayDeque<>();
        Deque<Integer> depths = new ArrayDeque<>();
        elements.push(template.getRootTreeNode());
        depths.push(0);
        while (!elements.isEmpty()) {
            TemplateElement element = elements.pop();
            int depth = depths.pop();
            if (isAttempt(element.getDescription())) {
                throw new ParseException(ATTEMPT, element);
            }
            if (depth > MAX_DEPTH) {
                throw new ParseException("Directives are nested more than " + MAX_DEPTH + " deep.", element);
            }
            for (int i = 0; i < element.getChildCount(); i++) {
                elements.push((TemplateElement) element.getChildAt(i));
                depths.push(depth + 1);
            }
        }
    }

    private static Class<?> attemptBlock() {
        try {
            return Class.forName("freemarker.core.AttemptBlock");
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("FreeMarker has no freemarker.core.AttemptBlock: check TemplateStructure", e);
        }
    }

    private static boolean isAttempt(String description) {
        return description != null && description.startsWith("#attempt");
    }
}
