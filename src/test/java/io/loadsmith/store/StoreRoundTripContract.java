package io.loadsmith.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.orm.ObjectOptimisticLockingFailureException;
import org.springframework.transaction.support.TransactionTemplate;

import io.loadsmith.entity.WarehouseAttribute;
import io.loadsmith.entity.WarehouseEntity;
import io.loadsmith.entity.WarehouseEntityRepository;
import io.loadsmith.entitytype.LoadType;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.generation.catalog.ParameterType;
import io.loadsmith.generation.model.StepType;
import io.loadsmith.load.Load;
import io.loadsmith.load.LoadRepository;
import io.loadsmith.load.LoadStep;
import io.loadsmith.load.StepKind;
import io.loadsmith.problem.InvalidRequestException;
import io.loadsmith.template.LoadTemplate;
import io.loadsmith.template.LoadTemplateRepository;
import io.loadsmith.template.TemplateParameter;

/**
 * Repositories against the migrated schema: what is saved reads back the same, ordered children
 * keep contiguous 1-based positions after edits, and @Version guards concurrent writes.
 * Each test works in its own names and removes what it made.
 */
public interface StoreRoundTripContract {

    WarehouseEntityRepository entities();

    LoadRepository loads();

    LoadTemplateRepository templates();

    TransactionTemplate tx();

    JdbcTemplate jdbc();

    private static WarehouseAttribute attribute(String name) {
        return new WarehouseAttribute(name, "VARCHAR", 20, null, null, true, null, "about " + name);
    }

    private long newEntity(String name, String... attributes) {
        return tx().execute(s -> {
            WarehouseEntity entity = new WarehouseEntity("rt", name);
            entity.change("rt", name, name, null, PhysicalType.TABLE, null, "round trip");
            entity.replaceAttributes(java.util.Arrays.stream(attributes).map(StoreRoundTripContract::attribute).toList());
            return entities().saveAndFlush(entity).getId();
        });
    }

    private void deleteEntity(long id) {
        tx().executeWithoutResult(s -> entities().deleteById(id));
    }

    @Test
    default void entityAttributesReadBackInOrderWithContiguousPositions() {
        long id = newEntity("RT_ORDER", "a", "b", "c", "d");
        try {
            tx().executeWithoutResult(s -> {
                WarehouseEntity entity = entities().findById(id).orElseThrow();
                assertThat(entity.getAttributes()).extracting(WarehouseAttribute::getName).containsExactly("a", "b", "c", "d");
                assertThat(entity.getAttributes().get(2).getDescription()).isEqualTo("about c");
                entity.replaceAttributes(List.of(attribute("d"), attribute("a"), attribute("c")));
            });
            assertThat(jdbc().queryForList("select position from dw_attribute where entity_id = ? order by position",
                    Integer.class, id)).containsExactly(1, 2, 3);
            assertThat(jdbc().queryForList("select name from dw_attribute where entity_id = ? order by position",
                    String.class, id)).containsExactly("d", "a", "c");
        } finally {
            deleteEntity(id);
        }
    }

    @Test
    default void caseSensitiveFlagsReadBackAndReachTheGenerationModel() {
        long id = tx().execute(s -> {
            WarehouseEntity entity = new WarehouseEntity("rt", "RtCase");
            entity.change("rt", "RtCase", "RtCase", null, PhysicalType.TABLE, null, "round trip");
            entity.changeCaseSensitive(true);
            entity.replaceAttributes(List.of(attribute("plain"),
                    new WarehouseAttribute("userId", "INTEGER4", null, null, null, true, null, null, null, true)));
            return entities().saveAndFlush(entity).getId();
        });
        try {
            tx().executeWithoutResult(s -> {
                WarehouseEntity entity = entities().findById(id).orElseThrow();
                assertThat(entity.isCaseSensitive()).isTrue();
                assertThat(entity.getAttributes()).extracting(WarehouseAttribute::isCaseSensitive).containsExactly(false, true);
                io.loadsmith.generation.model.EntityModel model = entity.toModel();
                assertThat(model.caseSensitive()).isTrue();
                assertThat(model.attributes()).extracting(io.loadsmith.generation.model.AttributeModel::caseSensitive)
                        .containsExactly(false, true);
            });
        } finally {
            deleteEntity(id);
        }
    }

    @Test
    default void entityRefusesDuplicateAttributeNamesIgnoringCase() {
        WarehouseEntity entity = new WarehouseEntity("rt", "RT_DUP");
        assertThatThrownBy(() -> entity.replaceAttributes(List.of(attribute("Code"), attribute("x"), attribute("code"))))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageContaining("attributes[2].name 'code'");
    }

    @Test
    default void loadRoundTripsStepsSourcesAndOptions() {
        long target = newEntity("RT_TARGET", "id");
        long source = newEntity("RT_SOURCE", "id");
        try {
            long loadId = tx().execute(s -> {
                Load load = new Load("rt_load", entities().findById(target).orElseThrow());
                load.change("rt_load", entities().findById(target).orElseThrow(), LoadType.TRANSFORM_PERSIST, "d",
                        List.of(entities().findById(source).orElseThrow()), Map.of("truncate", "true"));
                load.replaceSteps(List.of(new LoadStep("pre", StepType.PRE, "SELECT 1", null),
                        new LoadStep("main", StepType.OVERRIDE, "<ftltemplate:scd2:temp_table_prefix=Z_>", StepKind.SQL),
                        new LoadStep("post", StepType.POST, "SELECT 2", null)));
                return loads().saveAndFlush(load).getId();
            });
            tx().executeWithoutResult(s -> {
                Load load = loads().findById(loadId).orElseThrow();
                assertThat(load.getSteps()).extracting(LoadStep::getName).containsExactly("pre", "main", "post");
                assertThat(load.getSteps()).extracting(LoadStep::getType)
                        .containsExactly(StepType.PRE, StepType.OVERRIDE, StepType.POST);
                assertThat(load.getSteps()).extracting(LoadStep::getKind).containsExactly(null, StepKind.SQL, null);
                assertThat(load.getSources()).extracting(WarehouseEntity::qualifiedName).containsExactly("rt.RT_SOURCE");
                assertThat(load.getOptions()).containsExactly(Map.entry("truncate", "true"));
                assertThat(load.getTarget().qualifiedName()).isEqualTo("rt.RT_TARGET");
            });
            assertThat(jdbc().queryForList("select position from load_step where load_id = ? order by position",
                    Integer.class, loadId)).containsExactly(1, 2, 3);
            tx().executeWithoutResult(s -> loads().deleteById(loadId));
        } finally {
            deleteEntity(source);
            deleteEntity(target);
        }
    }

    @Test
    default void templateRoundTripsParametersAndVariants() {
        long id = tx().execute(s -> {
            LoadTemplate template = new LoadTemplate("rt_template");
            template.change("rt_template", "round trip", null);
            template.replaceParameters(List.of(new TemplateParameter("prefix", ParameterType.STRING, true, null, "p"),
                    new TemplateParameter("full", ParameterType.BOOLEAN, false, "false", null)));
            template.replaceVariants(Map.of("default", "SELECT 1", "h2", "SELECT 2"));
            return templates().saveAndFlush(template).getId();
        });
        try {
            tx().executeWithoutResult(s -> {
                LoadTemplate template = templates().findById(id).orElseThrow();
                assertThat(template.getParameters()).extracting(TemplateParameter::getName).containsExactly("prefix", "full");
                assertThat(template.getParameters().get(1).getType()).isEqualTo(ParameterType.BOOLEAN);
                assertThat(template.getVariants()).containsOnly(Map.entry("default", "SELECT 1"), Map.entry("h2", "SELECT 2"));
                assertThat(template.toDefinition().origin()).isEqualTo("store");
            });
        } finally {
            tx().executeWithoutResult(s -> templates().deleteById(id));
        }
    }

    @Test
    default void concurrentWritesOfOneEntityConflict() {
        long id = newEntity("RT_VERSION", "a");
        try {
            WarehouseEntity first = tx().execute(s -> entities().findById(id).orElseThrow());
            WarehouseEntity second = tx().execute(s -> entities().findById(id).orElseThrow());
            tx().executeWithoutResult(s -> {
                first.change("rt", "RT_VERSION", "RT_VERSION", null, PhysicalType.VIEW, null, "first");
                entities().save(first);
            });
            assertThatThrownBy(() -> tx().executeWithoutResult(s -> {
                second.change("rt", "RT_VERSION", "RT_VERSION", null, PhysicalType.TABLE, null, "second");
                entities().save(second);
            })).isInstanceOf(ObjectOptimisticLockingFailureException.class);
            assertThat(jdbc().queryForObject("select description from dw_entity where id = ?", String.class, id))
                    .isEqualTo("first");
        } finally {
            deleteEntity(id);
        }
    }

    @Test
    default void flywayAppliedTheSchemaMigration() {
        assertThat(jdbc().queryForList("select \"version\" from \"flyway_schema_history\" where \"success\" = true",
                String.class)).contains("1");
    }
}
