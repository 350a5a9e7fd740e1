package io.loadsmith.web;

import java.lang.annotation.Annotation;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.Map;

import org.springframework.core.MethodParameter;
import org.springframework.core.ResolvableType;
import org.springframework.util.ReflectionUtils;
import org.springframework.validation.DataBinder;
import org.springframework.validation.DataBinder.ValueResolver;
import org.springframework.validation.Errors;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.ServletRequestDataBinder;
import org.springframework.web.bind.WebDataBinder;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.support.WebDataBinderFactory;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.method.annotation.ModelFactory;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.method.support.ModelAndViewContainer;
import org.springframework.web.servlet.HandlerMapping;
import org.springframework.web.servlet.mvc.method.annotation.ServletModelAttributeMethodProcessor;

import jakarta.servlet.ServletRequest;

/**
 * Resolves a {@code @ModelAttribute} form record as Spring's {@link ServletModelAttributeMethodProcessor}
 * does (same binder, {@code @InitBinder} methods, errors, model, exception), but builds the record through
 * its {@link RecordPlan}. A case the plan does not cover (an attribute already in the model, one sent as a
 * single value, a validated parameter) goes to Spring's own processor.
 */
final class FormRecordResolver implements HandlerMethodArgumentResolver {

    private static final Field TARGET = field(DataBinder.class, "target");
    private static final Method VALUE_RESOLVER = method(ServletRequestDataBinder.class, "createValueResolver", ServletRequest.class);

    private final ServletModelAttributeMethodProcessor spring = new ServletModelAttributeMethodProcessor(false);

    @Override
    public boolean supportsParameter(MethodParameter parameter) {
        Annotation[] annotations = parameter.getParameterAnnotations();
        return annotations.length == 1 && annotations[0] instanceof ModelAttribute
                && RecordPlan.supports(parameter.getParameterType());
    }

    @Override
    public Object resolveArgument(MethodParameter parameter, ModelAndViewContainer mavContainer, NativeWebRequest webRequest,
                                  WebDataBinderFactory binderFactory) throws Exception {
        String name = ModelFactory.getNameForParameter(parameter);
        ServletRequest request = webRequest.getNativeRequest(ServletRequest.class);
        if (mavContainer == null || binderFactory == null || request == null || mavContainer.containsAttribute(name)
                || sentAsOneValue(name, request)) {
            return spring.resolveArgument(parameter, mavContainer, webRequest, binderFactory);
        }
        mavContainer.setBinding(name, parameter.getParameterAnnotation(ModelAttribute.class).binding());
        WebDataBinder binder = binderFactory.createBinder(webRequest, null, name, ResolvableType.forMethodParameter(parameter));
        construct(binder, request);
        if (!binder.getBindingResult().hasErrors() && !mavContainer.isBindingDisabled(name)) {
            ((ServletRequestDataBinder) binder).bind(request);
        }
        if (binder.getBindingResult().hasErrors() && bindExceptionRequired(parameter)) {
            throw new MethodArgumentNotValidException(parameter, binder.getBindingResult());
        }
        Map<String, Object> model = binder.getBindingResult().getModel();
        mavContainer.removeAttributes(model);
        mavContainer.addAllAttributes(model);
        return binder.getTarget();
    }

    /** What {@link ServletRequestDataBinder#construct(ServletRequest)} does, through the record's plan. */
    static void construct(WebDataBinder binder, ServletRequest request) {
        Class<?> type = binder.getTargetType().resolve();
        ValueResolver values = (ValueResolver) ReflectionUtils.invokeMethod(VALUE_RESOLVER, binder, request);
        Object target = RecordPlan.of(type).create("", values, new RecordPlan.Binding(binder));
        ReflectionUtils.setField(TARGET, binder, target);
    }

    /** Spring first converts a URI variable or parameter named as the attribute itself; rare, so left to it. */
    private static boolean sentAsOneValue(String name, ServletRequest request) {
        if (request.getParameter(name) != null) {
            return true;
        }
        Object variables = request.getAttribute(HandlerMapping.URI_TEMPLATE_VARIABLES_ATTRIBUTE);
        return variables instanceof Map<?, ?> map && map.containsKey(name);
    }

    private static boolean bindExceptionRequired(MethodParameter parameter) {
        int i = parameter.getParameterIndex();
        Class<?>[] types = parameter.getExecutable().getParameterTypes();
        return !(types.length > i + 1 && Errors.class.isAssignableFrom(types[i + 1]));
    }

    private static Field field(Class<?> type, String name) {
        Field field = ReflectionUtils.findField(type, name);
        ReflectionUtils.makeAccessible(field);
        return field;
    }

    private static Method method(Class<?> type, String name, Class<?>... parameters) {
        Method method = ReflectionUtils.findMethod(type, name, parameters);
        ReflectionUtils.makeAccessible(method);
        return method;
    }
}
