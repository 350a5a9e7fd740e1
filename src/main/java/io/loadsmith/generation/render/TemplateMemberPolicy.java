package io.loadsmith.generation.render;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

import freemarker.ext.beans.ClassMemberAccessPolicy;
import freemarker.ext.beans.MemberAccessPolicy;

/**
 * The only Java members a template or formula can reach: the components of the model's records
 * ({@code model.load.target.attributes}, {@code attr.name}) and the name of an enum constant. No
 * other method of any object, by any syntax ({@code x.getClass()}, {@code x["getClass"]()},
 * {@code .locale_object["class"]}, a name built at run time), no field, no constructor, and no
 * {@code toString()} that would print a Java class name. Everything else a template uses (lists,
 * maps, strings, numbers, the {@code loads}, {@code sql}, {@code fn} functions) is a FreeMarker
 * model already and has no Java members to reach.
 */
final class TemplateMemberPolicy implements MemberAccessPolicy {

    static final TemplateMemberPolicy INSTANCE = new TemplateMemberPolicy();

    private static final String MODEL_PACKAGE = "io.loadsmith.";

    private static final ClassMemberAccessPolicy NOTHING = new Exposed(Set.of(), MODEL_PACKAGE);

    private TemplateMemberPolicy() {
    }

    @Override
    public ClassMemberAccessPolicy forClass(Class<?> type) {
        if (type.isRecord() && type.getName().startsWith(MODEL_PACKAGE)) {
            return new Exposed(Arrays.stream(type.getRecordComponents())
                    .map(c -> c.getAccessor().getName()).collect(Collectors.toUnmodifiableSet()), MODEL_PACKAGE);
        }
        if (type.isEnum() && type.getName().startsWith(MODEL_PACKAGE)) {
            return new Exposed(Set.of("name", "toString"), "java.lang.Enum");
        }
        return NOTHING;
    }

    @Override
    public boolean isToStringAlwaysExposed() {
        return false;
    }

    /** Zero-argument methods of the given names, declared where expected; nothing else. */
    private record Exposed(Set<String> names, String declaredIn) implements ClassMemberAccessPolicy {

        @Override
        public boolean isMethodExposed(Method method) {
            return method.getParameterCount() == 0 && names.contains(method.getName())
                    && (method.getDeclaringClass().getName().startsWith(declaredIn)
                    || method.getDeclaringClass().getName().startsWith(MODEL_PACKAGE));
        }

        @Override
        public boolean isConstructorExposed(Constructor<?> constructor) {
            return false;
        }

        @Override
        public boolean isFieldExposed(Field field) {
            return false;
        }
    }
}
