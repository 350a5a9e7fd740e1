package io.loadsmith.environment.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hamcrest.Matchers.containsString;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.model;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.redirectedUrl;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.view;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

import io.loadsmith.environment.EnvironmentService;
import io.loadsmith.environment.EnvironmentResponse;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.web.WebExceptionHandler;

@WebMvcTest(EnvironmentPageController.class)
@org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc(addFilters = false)
@Import(WebExceptionHandler.class)
class EnvironmentPageControllerTest {

    @Autowired
    MockMvc mvc;

    @MockitoBean
    EnvironmentService environments;

    static final EnvironmentResponse DEV = new EnvironmentResponse(1, 0, "dev", "development",
            new TreeMap<>(Map.of("target_db", "DEV_DB")));

    @Test
    void everyEnvironmentIsListedWithItsVariablesAsTheyAppearInSql() throws Exception {
        when(environments.list(null)).thenReturn(List.of(DEV));
        mvc.perform(get("/environments")).andExpect(status().isOk())
                .andExpect(content().string(containsString("DEV_DB")))
                .andExpect(content().string(containsString("&lt;target_db&gt;")));
    }

    @Test
    void aSaveRedirectsAndALineWithoutEqualsIsRefusedOnThePageSavingNothing() throws Exception {
        when(environments.list(null)).thenReturn(List.of(DEV));
        mvc.perform(post("/environments/1").param("version", "0").param("name", "dev")
                        .param("variables", "target_db=DEV2_DB\n\nschema=raw"))
                .andExpect(redirectedUrl("/environments?saved=dev"));
        verify(environments).update(org.mockito.ArgumentMatchers.eq(1L), any());

        mvc.perform(post("/environments").param("name", "test").param("variables", "target_db"))
                .andExpect(status().isOk()).andExpect(view().name("environments/list"))
                .andExpect(model().attribute("failed", "new"))
                .andExpect(content().contentTypeCompatibleWith("text/html"));
        verify(environments, never()).create(any());
    }

    @Test
    void variablesAreOneNameEqualsValueALine() {
        assertThat(EnvironmentPageController.parse("a=1\n\n b = x=y \n")).containsExactly(Map.entry("a", "1"), Map.entry("b", "x=y"));
        assertThat(EnvironmentPageController.lines(new TreeMap<>(Map.of("b", "2", "a", "1")))).isEqualTo("a=1\nb=2\n");
        assertThatThrownBy(() -> EnvironmentPageController.parse("a=1\n=2")).isInstanceOf(InvalidRequestException.class);
    }
}
