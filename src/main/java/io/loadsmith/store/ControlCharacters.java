package io.loadsmith.store;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import org.hibernate.collection.spi.PersistentCollection;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.hibernate.event.service.spi.EventListenerRegistry;
import org.hibernate.event.spi.AbstractCollectionEvent;
import org.hibernate.event.spi.EventType;
import org.hibernate.event.spi.PreCollectionRecreateEventListener;
import org.hibernate.event.spi.PreCollectionUpdateEventListener;
import org.hibernate.event.spi.PreInsertEventListener;
import org.hibernate.event.spi.PreUpdateEventListener;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.orm.jpa.AbstractEntityManagerFactoryBean;
import org.springframework.stereotype.Component;

import io.loadsmith.names.Names;
import io.loadsmith.problem.InvalidRequestException;
import jakarta.persistence.Embeddable;

/**
 * No stored text holds a control character other than tab, line feed and carriage return. Checked
 * where every text reaches the store, whichever way it came (API, designer, import, command line):
 * H2 stores U+0000 and PostgreSQL refuses it, so a model saved on one would not move to the other,
 * and the others do not show in the designer yet end up in SQL. Refused before the write, naming the
 * field as the service's own checks do ({@code attributes[2].description}); nothing is written.
 */
@Component
class ControlCharacters implements BeanPostProcessor {

    private static final ClassValue<List<Field>> FIELDS = new ClassValue<>() {
        @Override
        protected List<Field> computeValue(Class<?> type) {
            List<Field> fields = new ArrayList<>();
            for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
                for (Field f : c.getDeclaredFields()) {
                    if (!Modifier.isStatic(f.getModifiers()) && (f.getType() == String.class
                            || Collection.class.isAssignableFrom(f.getType()) || Map.class.isAssignableFrom(f.getType())
                            || embedded(f.getType()))) {
                        f.setAccessible(true);
                        fields.add(f);
                    }
                }
            }
            return List.copyOf(fields);
        }
    };

    @Override
    public Object postProcessAfterInitialization(Object bean, String name) {
        if (bean instanceof AbstractEntityManagerFactoryBean factory) {
            EventListenerRegistry listeners = factory.getNativeEntityManagerFactory()
                    .unwrap(SessionFactoryImplementor.class).getServiceRegistry().requireService(EventListenerRegistry.class);
            listeners.appendListeners(EventType.PRE_INSERT, (PreInsertEventListener) event -> {
                if (typed(event.getPersister().getMappedClass())) {
                    check(event.getPersister().getPropertyNames(), event.getState(), null);
                }
                return false;
            });
            listeners.appendListeners(EventType.PRE_UPDATE, (PreUpdateEventListener) event -> {
                if (typed(event.getPersister().getMappedClass())) {
                    check(event.getPersister().getPropertyNames(), event.getState(), event.getOldState());
                }
                return false;
            });
            listeners.appendListeners(EventType.PRE_COLLECTION_RECREATE,
                    (PreCollectionRecreateEventListener) ControlCharacters::checkCollection);
            listeners.appendListeners(EventType.PRE_COLLECTION_UPDATE,
                    (PreCollectionUpdateEventListener) ControlCharacters::checkCollection);
        }
        return bean;
    }

    private static boolean typed(Class<?> entity) {
        return !entity.isAnnotationPresent(CopiedText.class);
    }

    /**
     * Of an update, only what changes: text stored before this check (on H2) must not stop a save that
     * does not touch it, such as a commit of a package whose old name holds one. A changed element
     * collection is checked by its own event.
     */
    private static void check(String[] names, Object[] state, Object[] old) {
        for (int i = 0; i < names.length; i++) {
            boolean unchanged = old != null && (java.util.Objects.equals(old[i], state[i])
                    || state[i] instanceof PersistentCollection<?> collection && !collection.isDirty());
            if (!unchanged) {
                check(inline(state[i]) ? "" : names[i], state[i]);
            }
        }
    }

    /** An element collection changed alone (the owner's row is not written): its elements. */
    private static void checkCollection(AbstractCollectionEvent event) {
        String role = event.getCollection().getRole();
        check(role == null ? "" : role.substring(role.lastIndexOf('.') + 1), event.getCollection());
    }

    static void check(String path, Object value) {
        if (value instanceof PersistentCollection<?> lazy && !lazy.wasInitialized()) {
            // Not loaded, so not changed: reading it here would load it in the middle of a flush.
            return;
        }
        if (value instanceof String text) {
            int at = offending(text);
            if (at >= 0) {
                throw InvalidRequestException.of(path, null, "contains " + Names.describe(text.codePointAt(at))
                        + " at position " + (at + 1) + ", a control character; only tab, line feed and carriage"
                        + " return are allowed in a text, remove it");
            }
        } else if (value instanceof Map<?, ?> map) {
            map.forEach((key, element) -> {
                check(path, key);
                check(path + "." + key, element);
            });
        } else if (value instanceof Collection<?> elements) {
            int index = 0;
            for (Object element : elements) {
                check(path + "[" + index++ + "]", element);
            }
        } else if (value != null && embedded(value.getClass())) {
            for (Field field : FIELDS.get(value.getClass())) {
                try {
                    Object fieldValue = field.get(value);
                    check(inline(fieldValue) ? path : (path.isEmpty() ? "" : path + ".") + field.getName(), fieldValue);
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
    }

    private static boolean embedded(Class<?> type) {
        return type.isAnnotationPresent(Embeddable.class);
    }

    /**
     * An embedded part (an attribute's shape) maps columns of its owner's row: its fields are named
     * as the owner's own ({@code attributes[2].description}), as the request names them.
     */
    private static boolean inline(Object value) {
        return value != null && embedded(value.getClass());
    }

    /** Index of the first control character other than tab, line feed and carriage return; -1 if none. */
    static int offending(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isISOControl(c) && c != '\t' && c != '\n' && c != '\r') {
                return i;
            }
        }
        return -1;
    }
}
