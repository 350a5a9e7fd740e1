package io.loadsmith.template.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.springframework.ui.ExtendedModelMap;

import io.loadsmith.generation.catalog.TemplateDefinition;
import io.loadsmith.generation.catalog.TemplateKind;
import io.loadsmith.generation.catalog.TemplateLookup;
import io.loadsmith.template.TransformationTypeResponse;
import io.loadsmith.template.TransformationTypeService;

/** Which types the configuration overview marks as run-time values, as TemplateCatalog resolves them. */
class TransformationTypeSectionTest {

    @Test
    void aStoredTypeIsARunTimeValueOnlyWhereNeitherItNorTheLibraryHasAFormula() {
        TemplateLookup templates = mock(TemplateLookup.class);
        when(templates.formulas()).thenReturn(List.of(
                new TemplateDefinition(TemplateKind.FORMULA, "HASH_KEY", "", List.of(), Map.of("default", "MD5(x)"), "library")));
        TransformationTypeService stored = mock(TransformationTypeService.class);
        when(stored.list(null)).thenReturn(List.of(
                // As the commercial tool's default configuration imports it: formulas for three dialects only.
                response(1, "HASH_KEY", Map.of("snowflake", "MD5(y)", "sqlserver", "HASHBYTES(y)", "redshift", "MD5(y)")),
                response(2, "RUN_ID", Map.of()),
                response(3, "LOAD_NAME", Map.of("snowflake", "'n'"))));
        ExtendedModelMap model = new ExtendedModelMap();

        new TransformationTypeSection(stored, templates).show(model);

        @SuppressWarnings("unchecked")
        Collection<TransformationTypeSection.TransformationView> views =
                (Collection<TransformationTypeSection.TransformationView>) model.get("transformations");
        assertThat(views.stream().collect(Collectors.toMap(TransformationTypeSection.TransformationView::name,
                v -> String.valueOf(v.runtimeValue()) + " " + v.formulas().keySet()))).containsExactlyInAnyOrderEntriesOf(Map.of(
                // The library's default applies to the other dialects: no run-time value; its own formulas shown.
                "HASH_KEY", "null [redshift, snowflake, sqlserver]",
                "RUN_ID", "'<run_id>' []",
                "LOAD_NAME", "'<load_name>' [snowflake]"));
    }

    private static TransformationTypeResponse response(long id, String name, Map<String, String> formulas) {
        return new TransformationTypeResponse(id, 0, name, null, new TreeMap<>(formulas));
    }
}
