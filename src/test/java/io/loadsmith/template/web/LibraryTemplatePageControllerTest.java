package io.loadsmith.template.web;

import static org.hamcrest.Matchers.containsString;
import static org.mockito.Mockito.when;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

import static org.assertj.core.api.Assertions.assertThat;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.generation.catalog.ParameterDefinition;
import io.loadsmith.generation.catalog.ParameterType;
import io.loadsmith.generation.catalog.TemplateDefinition;
import io.loadsmith.generation.catalog.TemplateKind;
import io.loadsmith.generation.catalog.TemplateLookup;
import io.loadsmith.web.WebExceptionHandler;

@WebMvcTest(LibraryTemplatePageController.class)
@org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc(addFilters = false)
@Import({DialectRegistry.class, WebExceptionHandler.class})
class LibraryTemplatePageControllerTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    TemplateLookup lookup;

    @Test
    void aShippedTemplateShowsItsParametersAndEachVariantWithTheDialectsThatUseIt() throws Exception {
        TemplateDefinition scd2 = new TemplateDefinition(TemplateKind.TEMPLATE, "scd2", "SCD2 merge",
                List.of(new ParameterDefinition("temp_table_prefix", ParameterType.IDENTIFIER, true, "Z_TMP_", "Prefix", null),
                        new ParameterDefinition("mode", ParameterType.STRING, false, "merge", "How", List.of("merge", "rebuild"))),
                Map.of("default", "MERGE default", "sql2016", "MERGE family", "databricks", "MERGE delta"), "library");
        when(lookup.shipped("scd2")).thenReturn(Optional.of(scd2));
        when(lookup.find("scd2")).thenReturn(Optional.of(scd2));
        String html = mvc.perform(get("/configuration/templates/library/scd2")).andExpect(status().isOk())
                .andReturn().getResponse().getContentAsString();
        Document page = Jsoup.parse(html);
        assertThat(page.select("#template-parameters tbody tr").eachText()).containsExactly(
                "temp_table_prefix IDENTIFIER yes Z_TMP_ Prefix", "mode STRING no merge merge, rebuild How");
        assertThat(page.select("main article header").eachText()).containsExactly(
                "default · used by bigquery, snowflake", "databricks · used by databricks",
                "sql2016 · used by duckdb, fabric, h2, postgresql, redshift, sqlserver, synapse");
        assertThat(page.select("pre.code-view").eachText()).containsExactly("MERGE default", "MERGE delta", "MERGE family");
        assertThat(page.select("#copy-template").attr("href")).isEqualTo("/configuration/templates/new?from=scd2");
    }

    @Test
    void anUnknownNameIsAnHtmlNotFoundPage() throws Exception {
        when(lookup.shipped("nope")).thenReturn(Optional.empty());
        mvc.perform(get("/configuration/templates/library/nope")).andExpect(status().isNotFound())
                .andExpect(content().contentTypeCompatibleWith("text/html"))
                .andExpect(content().string(containsString("nope")));
    }
}
