package io.loadsmith.generation.catalog;

/** The text that a lookup chose for a dialect, and which variant it was (dialect name or "default"). */
public record ResolvedVariant(TemplateDefinition definition, String variant, String body) {
}
