package io.loadsmith.dialect;

import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.core.io.ClassPathResource;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

import io.loadsmith.generation.EngineFactory;
import io.loadsmith.generation.EngineSettings;
import io.loadsmith.generation.LoadSqlGenerator;
import io.loadsmith.generation.catalog.LibraryTemplateSource;
import io.loadsmith.generation.render.RenderGuard;

/**
 * A load generator whose one concrete dialect is made in the test from the shipped ansi.yaml, for
 * tests of other packages that need a dialect lacking a capability no shipped dialect lacks.
 */
public final class DerivedDialects {

    private DerivedDialects() {
    }

    @SuppressWarnings("unchecked")
    public static LoadSqlGenerator generatorWith(Map<String, Object> dialect) throws IOException {
        Map<String, Map<String, Object>> definitions = new LinkedHashMap<>();
        try (InputStream in = new ClassPathResource("templates-library/dialects/ansi.yaml").getInputStream()) {
            definitions.put("ansi", new Yaml(new SafeConstructor(new LoaderOptions())).load(in));
        }
        definitions.put((String) dialect.get("name"), dialect);
        return new EngineFactory(new LibraryTemplateSource(), new DialectRegistry(definitions), RenderGuard.shared())
                .build(EngineSettings.defaults()).loads();
    }
}
