package io.loadsmith.web;

import java.nio.charset.StandardCharsets;

import org.springframework.web.util.UriComponentsBuilder;
import org.springframework.web.util.UriUtils;

/**
 * An address that pages redirect to, built from a constant path template and values that may come
 * from a request or the store. Each value is encoded on its own (a path value as one segment, so
 * {@code /} becomes {@code %2F}; a query value with every reserved character, braces and CR/LF
 * included), so no value can add a path segment, a parameter, a header line or a URI template
 * variable that Spring's {@code redirect:} would try to expand.
 */
public final class Link {

    private final StringBuilder address;
    private char separator = '?';

    private Link(String path) {
        this.address = new StringBuilder(path);
    }

    /** {@code template} is a constant such as {@code "/loads/{id}"}; {@code values} fill its variables in order. */
    public static Link to(String template, Object... values) {
        return new Link(UriComponentsBuilder.fromPath(template).encode().buildAndExpand(values).toUriString());
    }

    /** Adds {@code name=value}; a null or blank value adds nothing. */
    public Link param(String name, Object value) {
        if (value != null && !value.toString().isBlank()) {
            address.append(separator).append(name).append('=')
                    .append(UriUtils.encode(value.toString(), StandardCharsets.UTF_8));
            separator = '&';
        }
        return this;
    }

    /** Adds a parameter without a value, such as {@code ?saved}. */
    public Link flag(String name) {
        address.append(separator).append(name);
        separator = '&';
        return this;
    }

    /** For a controller's return value: {@code redirect:} and the address. */
    public String redirect() {
        return "redirect:" + this;
    }

    @Override
    public String toString() {
        return address.toString();
    }
}
