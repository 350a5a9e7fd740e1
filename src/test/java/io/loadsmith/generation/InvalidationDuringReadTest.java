package io.loadsmith.generation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.generation.catalog.LibraryTemplateSource;
import io.loadsmith.generation.catalog.TemplateCatalog;
import io.loadsmith.generation.catalog.TemplateDefinition;
import io.loadsmith.generation.catalog.TemplateKind;
import io.loadsmith.generation.catalog.TemplateSource;
import io.loadsmith.generation.render.FreemarkerEngine;

/**
 * A change announced while a cache is reading the store (another request's commit, another
 * instance's revision): what was read before it serves the read that asked, and is not kept.
 */
class InvalidationDuringReadTest {

    @Test
    void aTemplateReadBeforeAnInvalidationIsRenderedOnceAndNotKept() throws Exception {
        LibraryTemplateSource library = new LibraryTemplateSource();
        AtomicReference<FreemarkerEngine> engine = new AtomicReference<>();
        ChangingSource store = new ChangingSource(() -> engine.get().invalidate());
        engine.set(new FreemarkerEngine(new TemplateCatalog(List.of(store, library)), library));
        var dialect = new DialectRegistry().get("postgresql");

        assertThat(engine.get().render(dialect, "templates/probe", new HashMap<>())).isEqualTo("-- old");
        assertThat(engine.get().render(dialect, "templates/probe", new HashMap<>()))
                .as("the text read before the change announced during its read").isEqualTo("-- new");
        assertThat(store.reads).isEqualTo(2);
        assertThat(engine.get().render(dialect, "templates/probe", new HashMap<>())).isEqualTo("-- new");
        assertThat(store.reads).as("the new text is kept").isEqualTo(2);
    }

    @Test
    void aStoreValueReadBeforeAClearIsReturnedOnceAndNotKept() {
        StoreChanges changes = new StoreChanges();
        StoreCache<String, String> cache = new StoreCache<>(changes);
        String[] stored = {"old"};
        assertThat(cache.get("k", k -> {
            String read = stored[0];
            stored[0] = "new";
            changes.changed();
            return read;
        })).isEqualTo("old");
        assertThat(cache.get("k", k -> stored[0])).isEqualTo("new");
        assertThat(cache.get("k", k -> "not asked again")).isEqualTo("new");
    }

    /** Serves "-- old" the first time and announces a change while doing so (a commit during the read); then "-- new". */
    private static final class ChangingSource implements TemplateSource {

        private final Runnable announce;
        private int reads;

        ChangingSource(Runnable announce) {
            this.announce = announce;
        }

        @Override
        public String describe() {
            return "store";
        }

        @Override
        public Optional<TemplateDefinition> find(TemplateKind kind, String name) {
            if (kind != TemplateKind.TEMPLATE || !name.equals("probe")) {
                return Optional.empty();
            }
            reads++;
            String body = reads == 1 ? "-- old" : "-- new";
            if (reads == 1) {
                announce.run();
            }
            return Optional.of(new TemplateDefinition(TemplateKind.TEMPLATE, "probe", "", List.of(),
                    Map.of(TemplateDefinition.DEFAULT_VARIANT, body), "store"));
        }

        @Override
        public String location(TemplateKind kind, String name, String dialect) {
            return "store " + name;
        }
    }
}
