package io.loadsmith.generation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.generation.catalog.LibraryTemplateSource;
import io.loadsmith.generation.catalog.TemplateCatalog;
import io.loadsmith.generation.render.FreemarkerEngine;
import io.loadsmith.generation.render.RenderGuard;

/**
 * The library's shared files ({@code lib/**.ftl}) are read by {@code <#include>} and {@code <#import>},
 * which FreeMarker parses without the engine's checks; a user's template can call their functions with
 * arguments of its choosing, so they must keep the same bounds as any template (a Java regular
 * expression built from an argument would backtrack for ever inside one element). Checked here, file by file.
 */
class LibraryBoundsTest {

    private static final LibraryTemplateSource LIBRARY = new LibraryTemplateSource();

    static List<Path> sharedFiles() throws IOException {
        try (Stream<Path> files = Files.walk(Path.of("templates-library", "lib"))) {
            return files.filter(f -> f.toString().endsWith(".ftl")).sorted().toList();
        }
    }

    @ParameterizedTest
    @MethodSource("sharedFiles")
    void everySharedFileKeepsTheBounds(Path file) throws IOException {
        String text = Files.readString(file);
        FreemarkerEngine engine = new FreemarkerEngine(new TemplateCatalog(List.of(LIBRARY)), LIBRARY, RenderGuard.shared());
        assertThat(text).isNotBlank();
        assertThatCode(() -> engine.parse(new DialectRegistry().get("h2"), file.toString(), text)).doesNotThrowAnyException();
    }
}
