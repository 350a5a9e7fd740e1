package io.loadsmith.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.user;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;

import io.loadsmith.store.H2StoreTest;

/** Forms a role may not send are shown inert, so nobody fills one in only to be refused. */
class ReadOnlyFormsTest extends H2StoreTest {

    @Test
    void aViewerSeesInertEditFormsAndANote() throws Exception {
        Document entities = page("/entities/new", "VIEWER");
        assertThat(entities.select("#new-entity-form").attr("inert")).isEqualTo("inert");
        assertThat(entities.select(".role-note").text()).contains("Read-only");
        assertThat(page("/configuration", "VIEWER").select("#attribute-type-form").hasAttr("inert")).isTrue();
    }

    @Test
    void anEditorEditsEntitiesButNotTheConfiguration() throws Exception {
        Document entities = page("/entities/new", "EDITOR");
        assertThat(entities.select("#new-entity-form").hasAttr("inert")).isFalse();
        assertThat(entities.select(".role-note")).isEmpty();
        assertThat(page("/configuration", "EDITOR").select("#attribute-type-form").hasAttr("inert")).isTrue();
    }

    @Test
    void anAdminHasNoInertForm() throws Exception {
        assertThat(page("/configuration", "ADMIN").select("form[inert]")).isEmpty();
        assertThat(page("/entities/new", "ADMIN").select("form[inert]")).isEmpty();
    }

    private Document page(String path, String role) throws Exception {
        String html = mvc.perform(MockMvcRequestBuilders.get(path).with(user("forms-" + role).roles(role)))
                .andReturn().getResponse().getContentAsString();
        return Jsoup.parse(html);
    }
}
