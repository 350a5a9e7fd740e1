package io.loadsmith.web;

import java.lang.reflect.Constructor;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

import org.springframework.beans.BeanInstantiationException;
import org.springframework.beans.BeanUtils;
import org.springframework.beans.TypeMismatchException;
import org.springframework.core.MethodParameter;
import org.springframework.validation.BindingResult;
import org.springframework.validation.DataBinder;
import org.springframework.validation.FieldError;
import org.springframework.validation.DataBinder.ValueResolver;
import org.springframework.web.bind.WebDataBinder;
import org.springframework.web.bind.annotation.BindParam;

/**
 * How one form record is built from request parameters, worked out once per record type: Spring's
 * constructor binding ({@link DataBinder#construct}) recomputes the same reflection (generic types,
 * parameter names, nullness) on every request for every nested record and row, which was most of a live
 * preview's CPU. The walk below is Spring's, step for step, so the record and the errors are the same.
 */
final class RecordPlan {

    private static final ClassValue<RecordPlan> PLANS = new ClassValue<>() {
        @Override
        protected RecordPlan computeValue(Class<?> type) {
            return new RecordPlan(type);
        }
    };

    /** What a component or a list's element is; anything else is left to Spring's own binding. */
    private enum Kind { VALUE, STRING_ELEMENT, LIST, MAP, RECORD }

    private record Slot(Kind kind, Class<?> type, RecordPlan record, Slot element) {
    }

    private record Component(String lookupName, String name, Class<?> type, MethodParameter parameter, Slot slot) {
    }

    private final Constructor<?> constructor;
    private final Component[] components;

    private RecordPlan(Class<?> type) {
        if (!type.isRecord()) {
            throw new IllegalArgumentException(type + " is not a record");
        }
        RecordComponent[] recordComponents = type.getRecordComponents();
        Class<?>[] types = new Class<?>[recordComponents.length];
        for (int i = 0; i < types.length; i++) {
            types[i] = recordComponents[i].getType();
        }
        try {
            constructor = type.getDeclaredConstructor(types);
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException(type + " has no canonical constructor", e);
        }
        if (!BeanUtils.getResolvableConstructor(type).equals(constructor)) {
            throw new IllegalArgumentException(type + " is not bound through its canonical constructor");
        }
        components = new Component[types.length];
        for (int i = 0; i < types.length; i++) {
            MethodParameter parameter = MethodParameter.forFieldAwareConstructor(constructor, i, recordComponents[i].getName());
            BindParam bindParam = parameter.getParameterAnnotation(BindParam.class);
            String lookupName = bindParam != null && !bindParam.value().isEmpty() ? bindParam.value() : recordComponents[i].getName();
            components[i] = new Component(lookupName, recordComponents[i].getName(), types[i], parameter,
                    slot(types[i], recordComponents[i].getGenericType(), false));
        }
    }

    /** The plan of a form record, or an exception naming the component it cannot bind as Spring would. */
    static RecordPlan of(Class<?> type) {
        return PLANS.get(type);
    }

    static boolean supports(Class<?> type) {
        try {
            of(type);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static Slot slot(Class<?> type, Type generic, boolean element) {
        if (type == String.class) {
            return new Slot(element ? Kind.STRING_ELEMENT : Kind.VALUE, type, null, null);
        }
        if (type == Boolean.class && !element) {
            return new Slot(Kind.VALUE, type, null, null);
        }
        if (type.isRecord() && !type.getPackageName().startsWith("java.")) {
            return new Slot(Kind.RECORD, type, of(type), null);
        }
        if ((type == List.class || type == Map.class) && generic instanceof ParameterizedType p) {
            Type[] arguments = p.getActualTypeArguments();
            Type last = arguments[arguments.length - 1];
            if (type == Map.class && arguments[0] != String.class) {
                throw new IllegalArgumentException("a form's map is keyed by String: " + generic);
            }
            Class<?> elementType = last instanceof Class<?> c ? c : null;
            if (elementType != null && (elementType == String.class || elementType.isRecord())) {
                return new Slot(type == List.class ? Kind.LIST : Kind.MAP, type, null, slot(elementType, last, true));
            }
        }
        throw new IllegalArgumentException("a form record component of type " + generic + " is left to Spring");
    }

    /** The record built from {@code values}, its errors recorded in {@code binder}'s binding result. */
    Object create(String nestedPath, ValueResolver values, Binding binding) {
        Object[] args = new Object[components.length];
        Set<String> failed = null;
        for (int i = 0; i < components.length; i++) {
            Component component = components[i];
            String path = nestedPath + component.lookupName;
            Object value = values.resolveValue(path, component.type);
            Slot slot = component.slot;
            boolean built = false;
            if (value == null && slot.kind == Kind.LIST) {
                value = list(path, slot, values, binding);
                built = true;
            } else if (value == null && slot.kind == Kind.MAP) {
                value = map(path, slot, values, binding);
                built = true;
            }
            if (value == null && slot.kind == Kind.RECORD && hasValuesFor(path, values)) {
                args[i] = slot.record.create(path + ".", values, binding);
            } else if (value == null) {
                args[i] = null;
            } else {
                try {
                    args[i] = binding.converted(value, built, path, component);
                } catch (TypeMismatchException e) {
                    args[i] = null;
                    failed = failed == null ? new HashSet<>(4) : failed;
                    failed.add(path);
                    binding.mismatch(e, path, component.type, value);
                }
            }
        }
        if (binding.hasErrors()) {
            for (int i = 0; i < components.length; i++) {
                String path = nestedPath + components[i].name;
                if (failed == null || !failed.contains(path)) {
                    binding.binder.getBindingResult().recordFieldValue(path, components[i].type, args[i]);
                }
            }
            try {
                return BeanUtils.instantiateClass(constructor, args);
            } catch (BeanInstantiationException e) {
                return null; // as Spring: the errors are the answer, there is no form to show
            }
        }
        return BeanUtils.instantiateClass(constructor, args);
    }

    private static boolean hasValuesFor(String path, ValueResolver values) {
        String prefix = path + ".";
        for (String name : values.getNames()) {
            if (name.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    private static List<Object> list(String path, Slot slot, ValueResolver values, Binding binding) {
        SortedSet<Integer> indexes = indexes(path, values, binding);
        if (indexes == null) {
            return null;
        }
        int last = Math.max(indexes.last(), 0);
        List<Object> list = new ArrayList<>(last + 1);
        for (int i = 0; i <= last; i++) {
            list.add(null);
        }
        for (int index : indexes) {
            String indexedPath = path + "[" + (index != -1 ? index : "") + "]";
            list.set(Math.max(index, 0), element(path, slot.type, slot.element, indexedPath, values, binding));
        }
        return list;
    }

    /**
     * The indexes sent for a list, or null when none was. An index at or above the binder's limit on
     * auto-grown collections, or one that is not a number, is refused at the list's field: Spring's own
     * binding fails on them with an exception (an error page), and a forged index must not size a list.
     */
    private static SortedSet<Integer> indexes(String path, ValueResolver values, Binding binding) {
        SortedSet<Integer> indexes = null;
        String prefix = path + "[";
        for (String name : values.getNames()) {
            if (!name.startsWith(prefix)) {
                continue;
            }
            int index;
            if (prefix.length() + 1 == name.length()) {
                if (!name.endsWith("[]")) {
                    continue;
                }
                index = -1;
            } else {
                int end = name.indexOf(']', prefix.length() + 1);
                Integer parsed = end < 0 ? null : parse(name.substring(prefix.length(), end));
                if (parsed == null || parsed >= binding.binder.getAutoGrowCollectionLimit()) {
                    binding.refuseIndex(path, name);
                    continue;
                }
                index = parsed;
            }
            indexes = indexes == null ? new TreeSet<>() : indexes;
            indexes.add(index);
        }
        return indexes;
    }

    private static Integer parse(String index) {
        try {
            return Integer.parseInt(index);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static Map<String, Object> map(String path, Slot slot, ValueResolver values, Binding binding) {
        Map<String, Object> map = null;
        String prefix = path + "[";
        for (String name : values.getNames()) {
            if (!name.startsWith(prefix)) {
                continue;
            }
            int start = prefix.length();
            int end = name.indexOf(']', start);
            if (end < 0) {
                binding.refuseIndex(path, name);
                continue;
            }
            boolean quoted = end - start > 2 && name.charAt(start) == '\'' && name.charAt(end - 1) == '\'';
            String key = quoted ? name.substring(start + 1, end - 1) : name.substring(start, end);
            map = map == null ? new LinkedHashMap<>(16) : map;
            map.put(key, element(path, slot.type, slot.element, name.substring(0, end + 1), values, binding));
        }
        return map;
    }

    private static Object element(String path, Class<?> containerType, Slot element, String indexedPath,
                                  ValueResolver values, Binding binding) {
        Object raw = values.resolveValue(indexedPath, element.type);
        if (raw == null) {
            // Spring constructs the element: a record from its fields, a String through its no-argument constructor
            return element.kind == Kind.RECORD ? element.record.create(indexedPath + ".", values, binding) : "";
        }
        try {
            return binding.binder.convertIfNecessary(raw, element.type);
        } catch (TypeMismatchException e) {
            binding.mismatch(e, path, containerType, raw);
            return null;
        }
    }

    /** The binder a record is built for; its binding result is touched only once there is an error, as Spring's. */
    static final class Binding {
        private final WebDataBinder binder;
        private boolean errors;

        Binding(WebDataBinder binder) {
            this.binder = binder;
        }

        boolean hasErrors() {
            return errors;
        }

        /**
         * The value converted as Spring converts it; a String for a String, or a list or map built here of
         * values already converted, is what that conversion gives back when no editor is registered for it.
         */
        Object converted(Object value, boolean built, String path, Component component) {
            if ((built || value.getClass() == component.type) && binder.findCustomEditor(component.type, path) == null) {
                return value;
            }
            return binder.convertIfNecessary(value, component.type, component.parameter);
        }

        void mismatch(TypeMismatchException e, String path, Class<?> type, Object value) {
            errors = true;
            e.initPropertyName(path);
            binder.getBindingResult().recordFieldValue(path, type, value);
            binder.getBindingErrorProcessor().processPropertyAccessException(e, binder.getBindingResult());
        }

        void refuseIndex(String path, String name) {
            errors = true;
            BindingResult result = binder.getBindingResult();
            int limit = binder.getAutoGrowCollectionLimit();
            result.addError(new FieldError(binder.getObjectName(), path, name, false, result.resolveMessageCodes("index", path),
                    new Object[] {name, limit}, "is not a row this form can have (its rows are numbered 0 to " + (limit - 1) + ")"));
        }
    }
}
