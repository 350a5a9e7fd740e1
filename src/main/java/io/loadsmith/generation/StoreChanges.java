package io.loadsmith.generation;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Announces that something generation reads from the store (a template, a formula, a datatype
 * mapping) changed and was committed. The FreeMarker template cache and the {@link StoreCache}s
 * listen and forget what they held.
 */
public class StoreChanges {

    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();

    public void onChange(Runnable listener) {
        listeners.add(listener);
    }

    public void changed() {
        listeners.forEach(Runnable::run);
    }
}
