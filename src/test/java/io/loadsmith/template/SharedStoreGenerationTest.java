package io.loadsmith.template;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import io.loadsmith.entitytype.DatatypeMappingService;
import io.loadsmith.entitytype.DatatypeMappingRequest;
import io.loadsmith.generation.model.StepType;
import io.loadsmith.load.LoadService;
import io.loadsmith.load.LoadRequest;
import io.loadsmith.load.StepJson;
import io.loadsmith.security.TestAccounts;
import io.loadsmith.store.EmbeddedPostgresHolder;
import io.loadsmith.store.SharedStoreInstances;
import io.loadsmith.template.TemplateRequest;
import io.loadsmith.template.TemplateResponse;
import io.loadsmith.template.TransformationTypeRequest;
import io.loadsmith.template.TransformationTypeResponse;

/**
 * Instances on one PostgreSQL store, as behind a load balancer: a template, formula or datatype
 * mapping changed through one is what the others generate with, though each keeps them in memory
 * (the store's revision, V14). A stored load's SQL sees the change at once; a generation that reads
 * no stored load (a draft) once the check interval is over.
 */
class SharedStoreGenerationTest {

    private static final String PROBE = "-- probe ${loads.getTransformationForAttributes(\"%s\", "
            + "model.load.target.attributes[0])} ${model.load.target.attributes[0].physicalDatatype}";

    private static ConfigurableApplicationContext a;

    @BeforeAll
    static void startA() {
        a = start();
    }

    @AfterAll
    static void stopA() {
        a.close();
    }

    @Test
    void aStoredLoadsSqlOnOneInstanceIsGeneratedWithWhatAnotherJustChanged() {
        // Without the revision read with the load, B would not look again for an hour.
        try (ConfigurableApplicationContext b = start("--loadsmith.store.revision-check-interval=1h")) {
            TransformationTypeService formulasOnA = a.getBean(TransformationTypeService.class);
            TemplateService templatesOnA = a.getBean(TemplateService.class);
            LoadService loadsOnB = b.getBean(LoadService.class);
            TransformationTypeResponse formula = formulasOnA.create(new TransformationTypeRequest(null, "PROBE_A",
                    null, Map.of("default", "'one'")));
            TemplateResponse template = templatesOnA.create(new TemplateRequest(null, "probe_a", null, null,
                    List.of(), Map.of("default", PROBE.formatted("PROBE_A"))));
            long load = a.getBean(LoadService.class).create(load("probe_a")).id();
            assertThat(sql(loadsOnB, load)).contains("-- probe 'one' CHAR(32)");

            formulasOnA.update(formula.id(), new TransformationTypeRequest(formula.version(), "PROBE_A",
                    null, Map.of("default", "'two'")));
            assertThat(sql(loadsOnB, load)).as("the formula changed on A").contains("-- probe 'two' CHAR(32)");

            var mapping = a.getBean(DatatypeMappingService.class).create(new DatatypeMappingRequest(null, "postgresql",
                    "CHAR", "BPCHAR({length})"));
            assertThat(sql(loadsOnB, load)).as("a datatype mapping made on A").contains("-- probe 'two' BPCHAR(32)");
            a.getBean(DatatypeMappingService.class).delete(mapping.id());
            assertThat(sql(loadsOnB, load)).as("and deleted on A").contains("-- probe 'two' CHAR(32)");

            templatesOnA.update(template.id(), new TemplateRequest(template.version(), "probe_a", null, null,
                    List.of(), Map.of("default", PROBE.formatted("PROBE_A").replace("-- probe", "-- rewritten"))));
            assertThat(sql(loadsOnB, load)).as("the template changed on A").contains("-- rewritten 'two' CHAR(32)");
            assertThat(sql(a.getBean(LoadService.class), load)).as("and on A itself").contains("-- rewritten 'two'");
        }
    }

    @Test
    void aDraftOnOneInstanceIsGeneratedWithWhatAnotherChangedOnceTheCheckIntervalIsOver() throws Exception {
        try (ConfigurableApplicationContext b = start()) {
            TransformationTypeService formulasOnA = a.getBean(TransformationTypeService.class);
            TransformationTypeResponse formula = formulasOnA.create(new TransformationTypeRequest(null, "PROBE_B",
                    null, Map.of("default", "'one'")));
            a.getBean(TemplateService.class).create(new TemplateRequest(null, "probe_b", null, null, List.of(),
                    Map.of("default", PROBE.formatted("PROBE_B"))));
            LoadService loadsOnB = b.getBean(LoadService.class);
            assertThat(loadsOnB.generateDraft(load("probe_b"), "postgresql", null).sql()).contains("-- probe 'one'");

            formulasOnA.update(formula.id(), new TransformationTypeRequest(formula.version(), "PROBE_B",
                    null, Map.of("default", "'two'")));
            Thread.sleep(300); // the default interval is 100 ms
            assertThat(loadsOnB.generateDraft(load("probe_b"), "postgresql", null).sql()).contains("-- probe 'two'");
        }
    }

    @Test
    void aTransactionThatChangesSeveralTemplatesIncrementsTheRevisionOnceAsItCommits() {
        JdbcTemplate jdbc = new JdbcTemplate(a.getBean(DataSource.class));
        TemplateService templates = a.getBean(TemplateService.class);
        long before = revision(jdbc);
        new TransactionTemplate(a.getBean(PlatformTransactionManager.class)).executeWithoutResult(status -> {
            templates.create(new TemplateRequest(null, "probe_c1", null, null, List.of(), Map.of("default", "-- c1")));
            templates.create(new TemplateRequest(null, "probe_c2", null, null, List.of(), Map.of("default", "-- c2")));
            assertThat(revision(jdbc)).as("not before the commit").isEqualTo(before);
        });
        assertThat(revision(jdbc)).isEqualTo(before + 1);
    }

    private static long revision(JdbcTemplate jdbc) {
        return jdbc.queryForObject("select revision from store_revision where id = 1", Long.class);
    }

    private static LoadRequest load(String template) {
        return new LoadRequest(null, template + "_load", "publish.D_VESSEL_SCD2", null, null, List.of(),
                List.of(new StepJson("probe", StepType.OVERRIDE, "<ftltemplate:" + template + ">")), null);
    }

    private static String sql(LoadService loads, long id) {
        return loads.generate(id, "postgresql", null).sql();
    }

    private static ConfigurableApplicationContext start(String... args) {
        return SharedStoreInstances.start(EmbeddedPostgresHolder.Database.SHARED_GENERATION, TestAccounts.PASSWORD, args);
    }
}
