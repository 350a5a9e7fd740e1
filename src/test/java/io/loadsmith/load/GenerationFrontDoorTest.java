package io.loadsmith.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;

import io.loadsmith.dialect.UnknownDialectException;
import io.loadsmith.entity.AttributeJson;
import io.loadsmith.entity.EntityRequest;
import io.loadsmith.entity.EntityService;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.environment.EnvironmentRequest;
import io.loadsmith.environment.EnvironmentService;
import io.loadsmith.generation.GeneratedLoad;
import io.loadsmith.generation.model.GenerationException;
import io.loadsmith.generation.model.StepType;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.problem.NotFoundException;
import io.loadsmith.store.EmbeddedPostgresHolder;
import io.loadsmith.store.PostgresStoreTest;

/**
 * The front door on the whole application and a PostgreSQL 17 store: a stored load and a draft
 * generated with an environment's variables and run on PostgreSQL (another database of the same
 * server), their rows compared with rows written out here; a failure answered as one problem with
 * its step and template; a wrong dialect or environment refused before anything is read; an entity's
 * DDL through the same door creates the table the load then fills.
 */
class GenerationFrontDoorTest extends PostgresStoreTest {

    private static final String COPY = "INSERT INTO <target_schema>.<target_entity_name> (id, name) "
            + "SELECT id, name FROM <target_schema>.fd_source WHERE id > <min_id>";

    @Autowired
    Generation generation;

    @Autowired
    LoadService loads;

    @Autowired
    EntityService entities;

    @Autowired
    EnvironmentService environments;

    final JdbcTemplate engine = new JdbcTemplate(postgres());

    long targetId;
    long loadId;
    long environmentId;

    @BeforeEach
    void aLoadAnEnvironmentAndTheirTables() {
        targetId = entities.create(new EntityRequest(null, "FD_Target", "FD_Target", "fd", null, PhysicalType.TABLE,
                null, null, null, List.of(new AttributeJson("id", "INTEGER8", null, null, null, false, null, null),
                        new AttributeJson("name", "VARCHAR", 20, null, null, true, null, null)))).id();
        loadId = loads.create(draft(COPY)).id();
        environmentId = environments.create(new EnvironmentRequest(null, "fd_env", null, Map.of("min_id", "1"))).id();
        engine.execute("drop schema if exists fd cascade");
        engine.execute("create schema fd");
        engine.execute("create table fd.fd_source (id bigint not null, name varchar(20))");
        engine.execute("create table fd.fd_target (id bigint not null, name varchar(20))");
        engine.execute("insert into fd.fd_source values (1, 'one'), (2, 'two'), (3, 'three')");
    }

    @AfterEach
    void removeThem() {
        loads.delete(loadId);
        entities.delete(targetId);
        environments.delete(environmentId);
        engine.execute("drop schema fd cascade");
    }

    @Test
    void aStoredLoadIsGeneratedWithTheEnvironmentsVariablesAndRuns() {
        GenerationResult<GeneratedLoad> result = generation.generate(new GenerationRequest.StoredLoad(loadId, "postgresql", "fd_env"));

        assertThat(result.problem()).isNull();
        assertThat(result.dialect()).isEqualTo("postgresql");
        assertThat(result.environment()).isEqualTo("fd_env");
        run(result);
        assertThat(target()).containsExactly(List.of(2L, "two"), List.of(3L, "three"));
    }

    @Test
    void aDraftIsGeneratedAsTypedAndNothingIsStored() {
        GenerationResult<GeneratedLoad> result = generation.generate(new GenerationRequest.DraftLoad(
                draft(COPY.replace("<min_id>", "2")), null, null));

        assertThat(result.problem()).isNull();
        assertThat(result.dialect()).as("no dialect: the default").isEqualTo("snowflake");
        GenerationResult<GeneratedLoad> onPostgres = generation.generate(new GenerationRequest.DraftLoad(
                draft(COPY.replace("<min_id>", "2")), "postgresql", null));
        run(onPostgres);
        assertThat(target()).containsExactly(List.of(3L, "three"));
        assertThat(loads.get(loadId).steps().get(0).text()).as("the stored load").contains("<min_id>");
    }

    @Test
    void aFailureIsOneProblemWithItsLoadStepAndTemplateAndIsThrownAgainAsRaised() {
        LoadRequest broken = new LoadRequest(null, "fd_broken", "fd.FD_Target", null, null, List.of(),
                List.of(new StepJson("first", StepType.OVERRIDE, "SELECT 1"),
                        new StepJson("second", StepType.OVERRIDE, "<ftltemplate:fd_no_such_template>")), Map.of());
        GenerationResult<GeneratedLoad> result = generation.generate(new GenerationRequest.DraftLoad(broken, "postgresql", null));

        assertThat(result.sql()).isNull();
        GenerationResult.Problem problem = result.problem();
        assertThat(problem.load()).isEqualTo("fd_broken");
        assertThat(problem.stepNumber()).isEqualTo(2);
        assertThat(problem.stepIndex()).isEqualTo(1);
        assertThat(problem.step()).isEqualTo("second");
        assertThat(problem.template()).isEqualTo("fd_no_such_template");
        assertThat(problem.line()).isEqualTo(1);
        assertThat(problem.message()).contains("fd_no_such_template");
        assertThatThrownBy(result::orThrow).isInstanceOf(GenerationException.class);
    }

    @Test
    void aMissingLoadOrTargetIsAProblemAndAWrongDialectOrEnvironmentIsRefused() {
        GenerationResult<GeneratedLoad> missing = generation.generate(new GenerationRequest.StoredLoad(-1, "postgresql", null));
        assertThat(missing.problem().message()).contains("-1");
        assertThatThrownBy(missing::orThrow).isInstanceOf(NotFoundException.class);

        LoadRequest noTarget = new LoadRequest(null, "fd_none", " ", null, null, List.of(), List.of(), Map.of());
        assertThat(generation.generate(new GenerationRequest.DraftLoad(noTarget, "postgresql", null)).problem().message())
                .isEqualTo("Choose a target entity to see the SQL.");

        assertThatThrownBy(() -> generation.generate(new GenerationRequest.StoredLoad(loadId, "nosuchdb", null)))
                .isInstanceOf(UnknownDialectException.class);
        assertThatThrownBy(() -> generation.generate(new GenerationRequest.StoredLoad(loadId, "", null)))
                .as("blank is not the default on the API").isInstanceOf(UnknownDialectException.class);
        assertThatThrownBy(() -> generation.generate(new GenerationRequest.StoredLoad(loadId, "postgresql", "fd_nowhere")))
                .isInstanceOf(InvalidRequestException.class).hasMessageContaining("fd_nowhere");
    }

    @Test
    void anEntitysDdlComesThroughTheSameDoorAndCreatesTheTableTheLoadWrites() {
        engine.execute("drop table fd.fd_target");
        GenerationResult<String> ddl = generation.generate(new GenerationRequest.EntityDdl(targetId, "postgresql"));
        assertThat(ddl.dialect()).isEqualTo("postgresql");
        engine.execute(ddl.sql());

        run(generation.generate(new GenerationRequest.StoredLoad(loadId, "postgresql", "fd_env")));

        assertThat(target()).containsExactly(List.of(2L, "two"), List.of(3L, "three"));
    }

    @Test
    void anEntitysDdlFailsAsOneProblemAndABadDialectIsRefused() {
        long empty = entities.create(new EntityRequest(null, "FD_Empty", "FD_Empty", "fd", null, PhysicalType.TABLE,
                null, null, null, List.of())).id();
        try {
            GenerationResult<String> result = generation.generate(new GenerationRequest.EntityDdl(empty, null));
            assertThat(result.failed()).isTrue();
            assertThat(result.problem().template()).isEqualTo("ddl/create_table");
            assertThat(result.problem().message()).contains("FD_Empty").contains("no attributes");
        } finally {
            entities.delete(empty);
        }
        assertThatThrownBy(() -> generation.generate(new GenerationRequest.EntityDdl(-1, "postgresql")).orThrow())
                .isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> generation.generate(new GenerationRequest.EntityDdl(targetId, "nosuchdb")))
                .isInstanceOf(UnknownDialectException.class);
    }

    private static LoadRequest draft(String text) {
        return new LoadRequest(null, "fd_copy", "fd.FD_Target", null, null, List.of(),
                List.of(new StepJson("copy", StepType.OVERRIDE, text)), Map.of());
    }

    private void run(GenerationResult<GeneratedLoad> result) {
        result.generated().steps().forEach(step -> engine.execute(step.sql()));
    }

    private List<List<Object>> target() {
        return engine.query("select id, name from fd.fd_target order by id",
                (rs, i) -> List.<Object>of(rs.getLong(1), rs.getString(2)));
    }

    private static DataSource postgres() {
        return EmbeddedPostgresHolder.server().getPostgresDatabase();
    }
}
