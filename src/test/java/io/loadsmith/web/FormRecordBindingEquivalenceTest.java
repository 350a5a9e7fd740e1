package io.loadsmith.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.springframework.core.ResolvableType;
import org.springframework.format.support.DefaultFormattingConversionService;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.validation.FieldError;
import org.springframework.validation.ObjectError;
import org.springframework.web.bind.WebDataBinder;
import org.springframework.web.servlet.mvc.method.annotation.ExtendedServletRequestDataBinder;

import io.loadsmith.entity.web.EntityForm;
import io.loadsmith.entitytype.web.ConfigurationForms;
import io.loadsmith.load.web.LoadForm;
import io.loadsmith.preset.web.PresetForm;
import io.loadsmith.template.web.TemplateForm;
import io.loadsmith.template.web.TransformationForms;

/**
 * Every form record bound from the same request parameters by Spring's own constructor binding and by
 * {@link FormRecordResolver#construct}: the same record and the same errors, for hand-written edge cases and
 * generated ones. Where Spring fails with an exception (a forged row index) the plan refuses at the field.
 */
class FormRecordBindingEquivalenceTest {

    private static final List<Class<?>> FORMS = List.of(LoadForm.class, PresetForm.class, EntityForm.class, TemplateForm.class,
            ConfigurationForms.DefaultAttributeForm.class, ConfigurationForms.EntityTypeForm.class,
            ConfigurationForms.MappingForm.class, TransformationForms.TransformationForm.class,
            TransformationForms.TransformationEditForm.class);

    private static final DefaultFormattingConversionService CONVERSIONS = new DefaultFormattingConversionService();

    @Test
    void everyFormRecordHasAPlan() {
        for (Class<?> form : FORMS) {
            assertThat(RecordPlan.supports(form)).as(form.getName()).isTrue();
        }
    }

    @Test
    void handWrittenEdgesBindAsSpringDoes() {
        List<Map<String, List<String>>> cases = List.of(
                params(),
                params("name", "n", "version", "3"),
                params("mapping.edited", "maybe"),
                params("_mapping.edited", "on"),
                params("mapping.edited", "true", "_mapping.edited", "on"),
                params("!mapping.edited", "true"),
                params("_sources", "1"),
                params("sources", "a", "sources", "b"),
                params("sources", "a, b ,c"),
                params("sources", ""),
                params("sources[]", "x", "sources[]", "y"),
                params("sources[1]", "x"),
                params("steps[0].name", "a", "steps[2].name", "c"),
                params("steps[1].params[k]", "v", "steps[1].params['q']", "w", "steps[1].params[]", "e"),
                params("options[a.b]", "1", "options", "x"),
                params("options", "x"),
                params("steps", "x"),
                params("steps[0]", "x"),
                params("steps[255].name", "last"),
                params("steps[256].name", "over"),
                params("steps[100000000].name", "forged"),
                params("steps[x].name", "forged"),
                params("steps[-1].name", "neg"),
                params("steps[0.name", "open"),
                params("steps[].name", "empty"),
                params("mapping.rows[3].target", "t", "mapping.edited", "on"),
                params("mapping.mappings[0].source", "s", "mapping.into", "i"),
                params("name", "a", "name", "b"),
                params("attributes[0].nullable", "maybe", "attributes[1].caseSensitive", "yes", "caseSensitive", "no"),
                params("attributes[0].nullable", "", "_attributes[0].nullable", "on"),
                params("parameters[0].required", " true ", "variants[1].dialect", "ü"),
                params("uses[0].isDefault", "1", "uses[2].isDefault", "x", "_uses[1].isDefault", "on"),
                params("nullable", "off", "formulas[0].text", "  ", "formulas[3].dialect", "\u00e9\u6f22"),
                params("isDefault", "true", "caseSensitive", "TRUE", "_caseSensitive", ""));
        for (Class<?> form : FORMS) {
            for (Map<String, List<String>> sent : cases) {
                assertSame(form, sent, true);
                assertSame(form, sent, false);
            }
        }
    }

    @Test
    void generatedRequestsBindAsSpringDoes() {
        Random random = new Random(20261207);
        int compared = 0;
        for (int round = 0; round < 400; round++) {
            for (Class<?> form : FORMS) {
                Map<String, List<String>> sent = new LinkedHashMap<>();
                generate(form, "", random, sent, 0);
                compared += assertSame(form, sent, random.nextBoolean()) ? 1 : 0;
            }
        }
        // most requests must be compared in full, not only refused for a forged index
        assertThat(compared).isGreaterThan(400 * FORMS.size() * 2 / 3);
    }

    private static void generate(Class<?> type, String prefix, Random random, Map<String, List<String>> sent, int depth) {
        for (RecordComponent component : type.getRecordComponents()) {
            if (random.nextInt(4) == 0) {
                continue;
            }
            String path = prefix + component.getName();
            Class<?> raw = component.getType();
            if (raw == List.class || raw == Map.class) {
                Type[] arguments = ((ParameterizedType) component.getGenericType()).getActualTypeArguments();
                Class<?> element = (Class<?>) arguments[arguments.length - 1];
                int rows = random.nextInt(4);
                for (int r = 0; r < rows; r++) {
                    String at = path + "[" + (raw == Map.class ? key(random) : index(random)) + "]";
                    if (element.isRecord() && depth < 3) {
                        generate(element, at + ".", random, sent, depth + 1);
                    } else {
                        put(sent, random.nextInt(8) == 0 ? path : at, value(random));
                    }
                }
                if (random.nextInt(6) == 0) {
                    put(sent, "_" + path, "on");
                }
            } else if (raw.isRecord()) {
                generate(raw, path + ".", random, sent, depth + 1);
            } else {
                switch (random.nextInt(6)) {
                    case 0 -> put(sent, "_" + path, "on");
                    case 1 -> put(sent, "!" + path, value(random));
                    default -> put(sent, path, value(random));
                }
                if (random.nextInt(5) == 0) {
                    put(sent, path, value(random));
                }
            }
        }
    }

    private static String index(Random random) {
        return switch (random.nextInt(12)) {
            case 0 -> String.valueOf(200 + random.nextInt(100));
            case 1 -> "999999999";
            case 2 -> "";
            case 3 -> "z";
            default -> String.valueOf(random.nextInt(5));
        };
    }

    private static String key(Random random) {
        return List.of("a", "'q'", "p.x", "", "k k", "\u00f8").get(random.nextInt(6));
    }

    private static String value(Random random) {
        return List.of("", " ", "true", "false", "on", "off", "yes", "maybe", "1", "0", "a,b", " x ", "\u6f22\u5b57", "<b>", "null")
                .get(random.nextInt(15));
    }

    private static void put(Map<String, List<String>> sent, String name, String value) {
        sent.computeIfAbsent(name, n -> new ArrayList<>()).add(value);
    }

    private static Map<String, List<String>> params(String... pairs) {
        Map<String, List<String>> sent = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            put(sent, pairs[i], pairs[i + 1]);
        }
        return sent;
    }

    private static boolean assertSame(Class<?> form, Map<String, List<String>> sent, boolean declarative) {
        WebDataBinder spring = binder(form, declarative);
        WebDataBinder plan = binder(form, declarative);
        RuntimeException springFailure = null;
        try {
            ((ExtendedServletRequestDataBinder) spring).construct(request(sent));
        } catch (RuntimeException e) {
            springFailure = e;
        }
        FormRecordResolver.construct(plan, request(sent));
        String what = form.getSimpleName() + " " + sent;
        if (springFailure != null) {
            // Spring fails on a row index that is no number or past its limit; the plan names that field instead
            assertThat(plan.getBindingResult().getFieldErrors()).as(what + " after Spring's " + springFailure)
                    .anySatisfy(e -> assertThat(e.getCode()).isEqualTo("index"));
            return false;
        }
        assertThat(plan.getBindingResult().getFieldErrors()).as(what).noneMatch(e -> "index".equals(e.getCode()));
        assertThat(plan.getTarget()).as(what).isEqualTo(spring.getTarget());
        assertThat(errors(plan)).as(what).isEqualTo(errors(spring));
        assertThat(plan.getBindingResult().getTarget()).as(what).isEqualTo(spring.getBindingResult().getTarget());
        assertThat(plan.getBindingResult().getModel().keySet()).as(what).isEqualTo(spring.getBindingResult().getModel().keySet());
        return true;
    }

    private static List<String> errors(WebDataBinder binder) {
        List<String> errors = new ArrayList<>();
        for (ObjectError e : binder.getBindingResult().getAllErrors()) {
            String field = e instanceof FieldError f
                    ? f.getField() + "=" + f.getRejectedValue() + " failure=" + f.isBindingFailure()
                            + " value=" + binder.getBindingResult().getFieldValue(f.getField())
                    : "global";
            errors.add(field + " " + String.join("|", e.getCodes()) + " " + java.util.Arrays.deepToString(e.getArguments()) + " "
                    + e.getDefaultMessage());
        }
        return errors;
    }

    private static WebDataBinder binder(Class<?> form, boolean declarative) {
        ExtendedServletRequestDataBinder binder = new ExtendedServletRequestDataBinder(null, "form");
        binder.setTargetType(ResolvableType.forClass(form));
        binder.setConversionService(CONVERSIONS);
        binder.setDeclarativeBinding(declarative);
        return binder;
    }

    private static MockHttpServletRequest request(Map<String, List<String>> sent) {
        MockHttpServletRequest request = new MockHttpServletRequest("POST", "/form");
        sent.forEach((name, values) -> request.addParameter(name, values.toArray(String[]::new)));
        return request;
    }
}
