package io.loadsmith.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.csrf;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.user;
import static org.springframework.security.test.web.servlet.setup.SecurityMockMvcConfigurers.springSecurity;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.context.WebApplicationContext;

import io.loadsmith.entity.AttributeJson;
import io.loadsmith.entity.EntityRequest;
import io.loadsmith.entity.EntityService;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.generation.model.StepType;
import io.loadsmith.load.LoadRequest;
import io.loadsmith.load.LoadService;
import io.loadsmith.load.StepJson;
import io.loadsmith.security.TestAccounts;
import io.loadsmith.template.TemplateRequest;
import io.loadsmith.template.TemplateService;

/**
 * Two instances on one PostgreSQL store: the live preview keeps its read of a stored load until a
 * load or entity changes (the store's revision of them, row 2). A change through the instance that
 * previews shows at once; one through the other instance once the previewing instance's
 * revision-check interval is over, and not before (B looks only every hour below, which shows that
 * it keeps its read rather than reading the load on every keystroke).
 */
class SharedStoreLivePreviewTest {

    @Test
    void aChangeOnTheOtherInstanceShowsOnceTheIntervalIsOverAndOneHereAtOnce() throws Exception {
        try (ConfigurableApplicationContext a = start()) {
            onInstances(a);
        }
    }

    private static void onInstances(ConfigurableApplicationContext a) throws Exception {
        EntityService entitiesOnA = a.getBean(EntityService.class);
        long template = a.getBean(TemplateService.class).create(new TemplateRequest(null, "shared_columns", null, null,
                List.of(), Map.of("default", "-- columns <#list model.load.target.attributes as a>${a.name};</#list>"))).id();
        long target = entitiesOnA.create(entity(List.of("code"), null)).id();
        long load = a.getBean(LoadService.class).create(new LoadRequest(null, "shared_live", "shared.Shared_Target", null,
                null, List.of(), List.of(new StepJson("columns", StepType.OVERRIDE, "<ftltemplate:shared_columns>")),
                Map.of())).id();
        try (ConfigurableApplicationContext hourly = start("--loadsmith.store.revision-check-interval=1h");
             ConfigurableApplicationContext often = start("--loadsmith.store.revision-check-interval=200ms")) {
            assertThat(preview(hourly, load)).contains("-- columns code;");
            assertThat(preview(often, load)).contains("-- columns code;");

            entitiesOnA.update(target, entity(List.of("code", "on_a"), entitiesOnA.get(target).version()));
            assertThat(preview(hourly, load)).as("B has not looked again").contains("-- columns code;");
            Thread.sleep(600); // three of often's intervals
            assertThat(preview(often, load)).as("C looked after its interval").contains("-- columns code;on_a;");

            EntityService entitiesOnB = hourly.getBean(EntityService.class);
            entitiesOnB.update(target, entity(List.of("code", "on_a", "on_b"), entitiesOnB.get(target).version()));
            assertThat(preview(hourly, load)).as("B's own change, at once").contains("-- columns code;on_a;on_b;");
        } finally {
            a.getBean(LoadService.class).delete(load);
            entitiesOnA.delete(target);
            a.getBean(TemplateService.class).delete(template);
        }
    }

    private static EntityRequest entity(List<String> columns, Long version) {
        return new EntityRequest(version, "Shared_Target", null, "shared", null, PhysicalType.TABLE, null, null, null,
                columns.stream().map(c -> new AttributeJson(c, "INTEGER8", null, null, null, true, null, null)).toList());
    }

    /** The live preview of the form as the load was first saved (version 0), as htmx posts it while typing. */
    private static String preview(ConfigurableApplicationContext instance, long load) throws Exception {
        MockMvc mvc = MockMvcBuilders.webAppContextSetup((WebApplicationContext) instance).apply(springSecurity()).build();
        var response = mvc.perform(post("/loads/" + load).with(user("admin").roles("ADMIN")).with(csrf())
                .header("HX-Request", "true").param("action", "preview").param("dialect", "postgresql")
                .param("version", "0").param("name", "shared_live").param("target", "shared.Shared_Target")
                .param("steps[0].name", "columns").param("steps[0].type", "OVERRIDE").param("steps[0].kind", "SQL")
                .param("steps[0].text", "<ftltemplate:shared_columns>")).andReturn().getResponse();
        assertThat(response.getStatus()).isEqualTo(200);
        String body = response.getContentAsString();
        assertThat(body).doesNotContain("generation-error").doesNotContain("Of the form on screen");
        return body;
    }

    private static ConfigurableApplicationContext start(String... args) {
        return SharedStoreInstances.start(EmbeddedPostgresHolder.Database.SHARED_GENERATION, TestAccounts.PASSWORD, args);
    }
}
