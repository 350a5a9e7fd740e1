package io.loadsmith.generation.context;

import java.util.List;
import java.util.stream.Stream;

import freemarker.template.SimpleScalar;
import freemarker.template.TemplateHashModel;
import freemarker.template.TemplateMethodModelEx;
import freemarker.template.TemplateModel;
import freemarker.template.TemplateModelException;
import freemarker.template.TemplateNumberModel;
import freemarker.template.TemplateScalarModel;
import io.loadsmith.dialect.Dialect;

/**
 * {@code fn} in templates and formulas: the dialect's SQL snippets as functions, so that one
 * template serves every engine, e.g. {@code ${fn.nvl("x", "'-1'")}} gives {@code NVL(x, '-1')} on
 * Snowflake and {@code COALESCE(x, '-1')} on PostgreSQL. {@code fn.literal(text)} is the one built
 * in: the text as a string literal of the dialect ({@link Dialect#literal}); so are the regular
 * expression functions {@code fn.regex_*} ({@link RegexFunctions}), the same on every dialect.
 */
final class DialectFunctions implements TemplateHashModel {

    static final String LITERAL = "literal";

    private final Dialect dialect;

    DialectFunctions(Dialect dialect) {
        this.dialect = dialect;
    }

    @Override
    public TemplateModel get(String key) throws TemplateModelException {
        if (LITERAL.equals(key)) {
            return (TemplateMethodModelEx) arguments -> {
                if (arguments.size() != 1) {
                    throw new TemplateModelException(new TemplateApiException(
                            "fn.literal takes one argument, the text, not " + arguments.size()));
                }
                return new SimpleScalar(dialect.literal(text(arguments.get(0))));
            };
        }
        if (RegexFunctions.NAMES.contains(key)) {
            return RegexFunctions.function(key);
        }
        String pattern = dialect.functions().get(key);
        if (pattern == null) {
            throw new TemplateModelException(new TemplateApiException("Dialect " + dialect.name()
                    + " has no function fn." + key + "; it has: "
                    + String.join(", ", Stream.concat(dialect.functions().keySet().stream(),
                    Stream.concat(Stream.of(LITERAL), RegexFunctions.NAMES.stream())).sorted().toList()) + "."));
        }
        return (TemplateMethodModelEx) arguments -> new SimpleScalar(apply(pattern, arguments));
    }

    @Override
    public boolean isEmpty() {
        return dialect.functions().isEmpty();
    }

    static String apply(String pattern, List<?> arguments) throws TemplateModelException {
        String result = pattern;
        for (int i = 0; i < arguments.size(); i++) {
            result = result.replace("{" + i + "}", text(arguments.get(i)));
        }
        return result;
    }

    private static String text(Object argument) throws TemplateModelException {
        if (argument instanceof TemplateScalarModel scalar) {
            return scalar.getAsString();
        }
        if (argument instanceof TemplateNumberModel number) {
            return number.getAsNumber().toString();
        }
        throw new TemplateModelException("fn.* functions take strings and numbers, not " + argument);
    }
}
