package io.loadsmith.dialect.api;

import java.util.Comparator;
import java.util.List;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import io.loadsmith.dialect.DialectRegistry;

/** The target dialects SQL can be generated for. */
@RestController
record DialectController(DialectRegistry dialects) {

    /** A dialect as clients pick it: {@code name} goes into {@code ?dialect=}, {@code label} is for people. */
    public record DialectResponse(String name, String label) {
    }

    @GetMapping("/api/v1/dialects")
    public List<DialectResponse> list() {
        return dialects.targets().stream()
                .map(d -> new DialectResponse(d.name(), d.label()))
                .sorted(Comparator.comparing(DialectResponse::name))
                .toList();
    }
}
