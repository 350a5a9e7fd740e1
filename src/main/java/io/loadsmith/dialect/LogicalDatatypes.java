package io.loadsmith.dialect;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.springframework.core.io.ClassPathResource;
import org.springframework.stereotype.Component;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

import io.loadsmith.problem.Violations;

/**
 * The logical datatypes of {@code templates-library/datatypes.yaml}. Attributes are stored with
 * these names only, so that every dialect file can map them to a physical type.
 */
@Component
public class LogicalDatatypes {

    private static final String LOCATION = "templates-library/datatypes.yaml";

    private final Set<String> names;

    public LogicalDatatypes() {
        try (InputStream in = new ClassPathResource(LOCATION).getInputStream()) {
            Map<String, Object> types = new Yaml(new SafeConstructor(new LoaderOptions())).load(in);
            this.names = Set.copyOf(types.keySet());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + LOCATION, e);
        }
    }

    public boolean exists(String name) {
        return name != null && names.contains(name);
    }

    public Set<String> names() {
        return new TreeSet<>(names);
    }

    public void check(Violations violations, String field, String value) {
        if (value == null || value.isBlank()) {
            violations.add(field, value, "is required");
        } else if (!exists(value)) {
            violations.add(field, value, "is not a logical datatype; use one of " + String.join(", ", names()));
        }
    }
}
