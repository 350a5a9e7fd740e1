package io.loadsmith.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;
import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;

import io.loadsmith.entity.AttributeJson;
import io.loadsmith.entity.EntityRequest;
import io.loadsmith.entity.EntityService;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.environment.EnvironmentRequest;
import io.loadsmith.environment.EnvironmentResponse;
import io.loadsmith.environment.EnvironmentService;
import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.StepType;
import io.loadsmith.load.LoadAsStored;
import io.loadsmith.load.LoadModelAssembler;
import io.loadsmith.load.LoadRequest;
import io.loadsmith.load.LoadService;
import io.loadsmith.load.StepJson;
import io.loadsmith.problem.NotFoundException;
import io.loadsmith.template.TemplateRequest;
import io.loadsmith.template.TemplateResponse;
import io.loadsmith.template.TemplateService;
import io.loadsmith.template.TransformationTypeRequest;
import io.loadsmith.template.TransformationTypeResponse;
import io.loadsmith.template.TransformationTypeService;

/**
 * The load page's live preview keeps what it generated (a result cache keyed on the load as read,
 * the dialect and the environment's variables, dropped when the store's templates change) and the
 * environments (dropped when one changes): neither may ever show SQL of before a change. Each
 * change below comes between two previews of the same form, the form as saved and the form edited,
 * each previewed twice first so that the second is served from memory; the next preview shows the
 * change: a template's text, a formula, an entity's attributes, an environment's variable.
 */
public interface LivePreviewFreshnessContract {

    ApplicationContext context();

    MockMvc mvc();

    String PROBE = "-- probe ${loads.getTransformationForAttributes(\"FRESH_F\", model.load.target.attributes[0])}"
            + " <fresh_var> <#list model.load.target.attributes as a>${a.name};</#list>";

    @Test
    default void noPreviewShowsSqlOfBeforeAChange() throws Exception {
        EntityService entities = context().getBean(EntityService.class);
        LoadService loads = context().getBean(LoadService.class);
        TemplateService templates = context().getBean(TemplateService.class);
        TransformationTypeService formulas = context().getBean(TransformationTypeService.class);
        EnvironmentService environments = context().getBean(EnvironmentService.class);
        TransformationTypeResponse formula = formulas.create(new TransformationTypeRequest(null, "FRESH_F", null,
                Map.of("default", "11")));
        TemplateResponse template = templates.create(new TemplateRequest(null, "fresh_probe", null, null, List.of(),
                Map.of("default", PROBE)));
        EnvironmentResponse environment = environments.create(new EnvironmentRequest(null, "fresh_env", null,
                Map.of("fresh_var", "env_one")));
        long target = entities.create(new EntityRequest(null, "Fresh_Target", null, "fresh", null, PhysicalType.TABLE,
                null, null, null, List.of(new AttributeJson("code", "INTEGER8", null, null, null, false, null, null)))).id();
        long load = loads.create(new LoadRequest(null, "fresh_load", "fresh.Fresh_Target", null, null, List.of(),
                List.of(new StepJson("probe", StepType.OVERRIDE, "<ftltemplate:fresh_probe>")), Map.of())).id();
        try {
            assertBoth(load, "-- probe 11 env_one code;");

            template = templates.update(template.id(), new TemplateRequest(template.version(), "fresh_probe", null, null,
                    List.of(), Map.of("default", PROBE.replace("-- probe", "-- rewritten"))));
            assertBoth(load, "-- rewritten 11 env_one code;");

            formula = formulas.update(formula.id(), new TransformationTypeRequest(formula.version(), "FRESH_F", null,
                    Map.of("default", "22")));
            assertBoth(load, "-- rewritten 22 env_one code;");

            entities.update(target, new EntityRequest(entities.get(target).version(), "Fresh_Target", null, "fresh", null,
                    PhysicalType.TABLE, null, null, null, List.of(
                            new AttributeJson("code", "INTEGER8", null, null, null, false, null, null),
                            new AttributeJson("added", "INTEGER8", null, null, null, true, null, null))));
            assertBoth(load, "-- rewritten 22 env_one code;added;");

            environment = environments.update(environment.id(), new EnvironmentRequest(environment.version(), "fresh_env",
                    null, Map.of("fresh_var", "env_two")));
            assertBoth(load, "-- rewritten 22 env_two code;added;");
            // The switchers are drawn once per store revision: the environment's note shows the new value too.
            assertThat(preview(load, loads.get(load).version(), "probe"))
                    .contains("<option value=\"fresh_env\" selected=\"selected\">fresh_env</option>")
                    .contains("fresh_env replaces <code>&lt;fresh_var&gt;</code> with <code>env_two</code>.");
        } finally {
            loads.delete(load);
            entities.delete(target);
            templates.delete(template.id());
            formulas.delete(formula.id());
            environments.delete(environment.id());
        }
    }

    /**
     * The live preview's read of the stored load (LoadModelAssembler.recentAsStored) is kept until a
     * load or entity changes: a change through this instance's services is read at once, a template's
     * change keeps it, and each transaction that writes a load or entity, by JPA or by a native
     * statement (a restore), increments the revision of loads and entities once.
     */
    @Test
    default void theLiveReadOfALoadIsKeptUntilALoadOrEntityChanges() throws InterruptedException {
        EntityService entities = context().getBean(EntityService.class);
        LoadService loads = context().getBean(LoadService.class);
        TemplateService templates = context().getBean(TemplateService.class);
        LoadModelAssembler assembler = context().getBean(LoadModelAssembler.class);
        JdbcTemplate jdbc = new JdbcTemplate(context().getBean(DataSource.class));
        long target = entities.create(new EntityRequest(null, "Kept_Target", null, "kept", null, PhysicalType.TABLE,
                null, null, null, List.of(new AttributeJson("code", "INTEGER8", null, null, null, false, null, null)))).id();
        List<StepJson> steps = List.of(new StepJson("s", StepType.OVERRIDE, "select 1"));
        long load = loads.create(new LoadRequest(null, "kept_load", "kept.Kept_Target", null, "one", List.of(), steps,
                Map.of())).id();
        long template = 0;
        try {
            LoadAsStored first = assembler.recentAsStored(load);
            assertThat(assembler.recentAsStored(load)).as("read once").isSameAs(first);
            long revision = modelRevision(jdbc);
            template = templates.create(new TemplateRequest(null, "kept_probe", null, null, List.of(),
                    Map.of("default", "-- kept"))).id();
            assertThat(assembler.recentAsStored(load)).as("a template's change is none of a load's").isSameAs(first);
            assertThat(modelRevision(jdbc)).isEqualTo(revision);

            loads.update(load, new LoadRequest(loads.get(load).version(), "kept_load", "kept.Kept_Target", null, "two",
                    List.of(), steps, Map.of()));
            assertThat(modelRevision(jdbc)).as("once for the load's transaction").isEqualTo(revision + 1);
            LoadAsStored updated = assembler.recentAsStored(load);
            assertThat(updated.description()).isEqualTo("two");
            // Past the revision-check interval the store's revision is read again: it is this instance's
            // own change, already applied, so the read is kept (it was dropped and read again before).
            Thread.sleep(context().getEnvironment().getProperty("loadsmith.store.revision-check-interval",
                    java.time.Duration.class, java.time.Duration.ofMillis(100)).toMillis() * 2 + 50);
            assertThat(assembler.recentAsStored(load)).as("this instance's own change is not read twice").isSameAs(updated);

            entities.update(target, new EntityRequest(entities.get(target).version(), "Kept_Target", null, "kept", null,
                    PhysicalType.TABLE, null, null, null, List.of(
                            new AttributeJson("code", "INTEGER8", null, null, null, false, null, null),
                            new AttributeJson("added", "INTEGER8", null, null, null, true, null, null))));
            assertThat(assembler.recentAsStored(load).model().target().attributes()).extracting(AttributeModel::name)
                    .containsExactly("code", "added");

            loads.softDelete(load);
            assertThatThrownBy(() -> assembler.recentAsStored(load)).isInstanceOf(NotFoundException.class);
            long beforeRestore = modelRevision(jdbc);
            loads.restore(load);
            assertThat(modelRevision(jdbc)).as("a native statement's write").isEqualTo(beforeRestore + 1);
            assertThat(assembler.recentAsStored(load).description()).isEqualTo("two");
        } finally {
            loads.delete(load);
            entities.delete(target);
            if (template != 0) {
                templates.delete(template);
            }
        }
    }

    private static long modelRevision(JdbcTemplate jdbc) {
        return jdbc.queryForObject("select revision from store_revision where id = 2", Long.class);
    }

    /** The form as saved shows the saved load's SQL, an edited one the draft's: each twice, the change in both. */
    private void assertBoth(long load, String expected) throws Exception {
        long version = context().getBean(LoadService.class).get(load).version();
        for (int i = 0; i < 2; i++) {
            String saved = preview(load, version, "probe");
            assertThat(saved).as("the form as saved").contains(expected).doesNotContain("Of the form on screen");
            String edited = preview(load, version, "probe_renamed");
            assertThat(edited).as("the form edited").contains(expected).contains("Of the form on screen")
                    .contains("probe_renamed");
        }
    }

    private String preview(long load, long version, String stepName) throws Exception {
        MockHttpServletRequestBuilder post = post("/loads/" + load).header("HX-Request", "true")
                .param("action", "preview").param("dialect", "postgresql").param("environment", "fresh_env")
                .param("version", String.valueOf(version)).param("name", "fresh_load").param("target", "fresh.Fresh_Target")
                .param("steps[0].name", stepName).param("steps[0].type", "OVERRIDE").param("steps[0].kind", "SQL")
                .param("steps[0].text", "<ftltemplate:fresh_probe>");
        var response = mvc().perform(post).andReturn().getResponse();
        assertThat(response.getStatus()).isEqualTo(200);
        String body = response.getContentAsString();
        assertThat(body).doesNotContain("generation-error");
        return body;
    }
}
