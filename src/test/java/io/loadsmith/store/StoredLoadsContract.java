package io.loadsmith.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.springframework.context.ApplicationContext;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import io.loadsmith.entity.AttributeJson;
import io.loadsmith.entity.EntityRequest;
import io.loadsmith.entity.EntityService;
import io.loadsmith.entity.WarehouseEntity;
import io.loadsmith.entitytype.EntityTypeRequest;
import io.loadsmith.entitytype.EntityTypeService;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.generation.model.AttributeModel;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.generation.model.LoadModel;
import io.loadsmith.generation.model.StepModel;
import io.loadsmith.generation.model.StepType;
import io.loadsmith.load.Load;
import io.loadsmith.load.LoadModelAssembler;
import io.loadsmith.load.LoadRepository;
import io.loadsmith.load.LoadRequest;
import io.loadsmith.load.LoadService;
import io.loadsmith.load.StepJson;
import io.loadsmith.problem.NotFoundException;

/**
 * A stored load as the generator reads it (by JDBC, not JPA), on each metadata store: the record
 * written out by hand for a load with NULLs, mixed-case, quoted and reserved names, a load that
 * reads its own target and no attributes; and the same record as the JPA entities map it, for
 * every load in the store.
 */
public interface StoredLoadsContract {

    ApplicationContext context();

    @Test
    default void aStoredLoadIsReadAsTheRecordItWasSavedAs() {
        EntityService entities = context().getBean(EntityService.class);
        LoadService loads = context().getBean(LoadService.class);
        long type = context().getBean(EntityTypeService.class).create(new EntityTypeRequest(null, "Read_Type", null, null,
                null, null, null, null, List.of(), List.of())).id();
        long target = entities.create(new EntityRequest(null, "Order_Lines", "OrderLine", "Read_Test", "Read_Type",
                PhysicalType.TABLE, null, "kept out of the model", "deny", List.of(
                        new AttributeJson("id", "INTEGER8", null, null, null, false, null, null),
                        new AttributeJson("Amount", "DECIMAL", null, 12, 2, true, null, "gross, in EUR", null, true),
                        new AttributeJson("desc", "VARCHAR", 200, null, null, null, null, null)), true)).id();
        long source = entities.create(new EntityRequest(null, "DESC", null, "read_test", null, PhysicalType.VIEW,
                null, null, null, List.of())).id();
        long load = loads.create(new LoadRequest(null, "Read_Me", "Read_Test.OrderLine", null, null,
                List.of("read_test.DESC", "Read_Test.OrderLine"),
                List.of(new StepJson("first", StepType.OVERRIDE, "SELECT 1"),
                        new StepJson("then", StepType.OVERRIDE, "<ftltemplate:scd2:temp_table_prefix=Z_>")),
                Map.of("zeta", "last", "alpha", "first"))).id();
        try {
            EntityModel orderLine = new EntityModel("OrderLine", "Order_Lines", "Read_Test", "Read_Type", "TABLE", List.of(
                    new AttributeModel("id", null, "INTEGER8", null, null, null, false, null, null, false, "id"),
                    new AttributeModel("Amount", null, "DECIMAL", null, 12, 2, true, null, "gross, in EUR", true, "Amount"),
                    new AttributeModel("desc", null, "VARCHAR", 200, null, null, true, null, null, false, "desc")),
                    "deny", true, "OrderLine");
            EntityModel select = new EntityModel("DESC", "DESC", "read_test", null, "VIEW", List.of(), null, false, "DESC");
            LoadModel expected = new LoadModel("Read_Me", orderLine, List.of(select, orderLine),
                    List.of(new StepModel("first", StepType.OVERRIDE, "SELECT 1"),
                            new StepModel("then", StepType.OVERRIDE, "<ftltemplate:scd2:temp_table_prefix=Z_>")),
                    Map.of("alpha", "first", "zeta", "last"));
            assertThat(context().getBean(LoadModelAssembler.class).assemble(load)).isEqualTo(expected);
            assertThat(context().getBean(LoadModelAssembler.class).assemble(load).options().keySet())
                    .containsExactly("alpha", "zeta");

            loads.softDelete(load);
            assertThatThrownBy(() -> context().getBean(LoadModelAssembler.class).assemble(load))
                    .isInstanceOf(NotFoundException.class).hasMessage("Load " + load + " does not exist.");
            loads.restore(load);
            assertThat(context().getBean(LoadModelAssembler.class).assemble(load)).isEqualTo(expected);
        } finally {
            loads.delete(load);
            entities.delete(source);
            entities.delete(target);
            context().getBean(EntityTypeService.class).delete(type);
        }
        assertThatThrownBy(() -> context().getBean(LoadModelAssembler.class).assemble(Long.MAX_VALUE))
                .isInstanceOf(NotFoundException.class).hasMessage("Load " + Long.MAX_VALUE + " does not exist.");
    }

    /**
     * The longest texts the store takes, read whole in the one statement that reads a load (its
     * columns are shared by entities, attributes, steps and options): a step at the limit of
     * Limits.STEP_TEXT with quotes and line breaks, a long option value, no sources.
     */
    @Test
    default void theLongestStepAndOptionAreReadWhole() {
        EntityService entities = context().getBean(EntityService.class);
        LoadService loads = context().getBean(LoadService.class);
        long target = entities.create(new EntityRequest(null, "Long_Texts", null, "read_long", null,
                PhysicalType.VIEW, null, null, null, List.of())).id();
        String head = "SELECT 'it''s'\n  -- a comment\n";
        String step = head + "x".repeat(io.loadsmith.limits.Limits.STEP_TEXT - head.length());
        String option = "v".repeat(4000);
        long load = loads.create(new LoadRequest(null, "read_long_texts", "read_long.Long_Texts", null, null, List.of(),
                List.of(new StepJson("only", StepType.OVERRIDE, step)), Map.of("long", option))).id();
        try {
            LoadModel read = context().getBean(LoadModelAssembler.class).assemble(load);
            assertThat(read.sources()).isEmpty();
            assertThat(read.steps()).singleElement().satisfies(s -> assertThat(s.text()).isEqualTo(step));
            assertThat(read.options()).containsExactly(Map.entry("long", option));
        } finally {
            loads.delete(load);
            entities.delete(target);
        }
    }

    @Test
    default void everyStoredLoadReadsAsItsEntitiesMapIt() {
        LoadModelAssembler assembler = context().getBean(LoadModelAssembler.class);
        Map<Long, LoadModel> viaJpa = new TransactionTemplate(context().getBean(PlatformTransactionManager.class))
                .execute(status -> {
                    Map<Long, LoadModel> models = new TreeMap<>();
                    for (Load l : context().getBean(LoadRepository.class).findAll()) {
                        models.put(l.getId(), new LoadModel(l.getName(), l.getTarget().toModel(),
                                l.getSources().stream().map(WarehouseEntity::toModel).toList(),
                                l.getSteps().stream().map(s -> new StepModel(s.getName(), s.getType(), s.getText())).toList(),
                                l.getOptions(), mappings(l)));
                    }
                    return models;
                });
        viaJpa.forEach((id, model) -> assertThat(assembler.assemble(id)).as("load %s", id).isEqualTo(model));
    }

    /** What the live preview compares a form with, read with the model: as the service answers it. */
    @Test
    default void everyStoredLoadReadsWithTheFieldsItsFormShows() {
        LoadModelAssembler assembler = context().getBean(LoadModelAssembler.class);
        LoadService loads = context().getBean(LoadService.class);
        EntityService entities = context().getBean(EntityService.class);
        long target = entities.create(new EntityRequest(null, "Form_Fields", null, "read_form", null,
                PhysicalType.VIEW, null, null, null, List.of())).id();
        // A type other than the default, a description, and a template call kept as SQL beside one that is not.
        long own = loads.create(new LoadRequest(null, "read_form_fields", "read_form.Form_Fields",
                io.loadsmith.entitytype.LoadType.TRANSFORM_SQL_VIEW, "described", List.of(),
                List.of(new StepJson("kept", StepType.OVERRIDE, "<ftltemplate:scd2:temp_table_prefix=Z_>",
                                io.loadsmith.load.StepKind.SQL),
                        new StepJson("call", StepType.OVERRIDE, "<ftltemplate:scd2:temp_table_prefix=Z_>")), Map.of())).id();
        try {
            for (io.loadsmith.load.LoadResponse load : loads.list(null)) {
                assertReadAsServed(assembler, load);
            }
            assertThat(assembler.readAsStored(own).stepKinds()).containsExactly(io.loadsmith.load.StepKind.SQL, null);
        } finally {
            loads.delete(own);
            entities.delete(target);
        }
    }

    private static void assertReadAsServed(LoadModelAssembler assembler, io.loadsmith.load.LoadResponse load) {
        {
            io.loadsmith.load.LoadAsStored read = assembler.readAsStored(load.id());
            assertThat(read.version()).as("load %s", load.id()).isEqualTo(load.version());
            assertThat(read.loadType()).as("load %s", load.id()).isEqualTo(load.loadType());
            assertThat(read.description()).as("load %s", load.id()).isEqualTo(load.description());
            assertThat(read.steps()).as("load %s", load.id()).isEqualTo(load.steps());
            assertThat(read.model()).as("load %s", load.id()).isEqualTo(assembler.assemble(load.id()));
        }
    }

    /** The load's mappings as its entities map them: each source entity's model, attributes by name. */
    private static List<io.loadsmith.generation.model.MappingModel> mappings(Load l) {
        List<io.loadsmith.generation.model.MappingModel> models = new java.util.ArrayList<>();
        for (int i = 0; i < l.getMappings().size(); i++) {
            io.loadsmith.load.EntityMapping m = l.getMappings().get(i);
            models.add(io.loadsmith.generation.context.MappingModels.mapping(l.getName(), i + 1, m.name(), m.mappingType(),
                    l.getTarget().toModel(), l.getMappingSources().get(i).toModel(), m.attributes().stream()
                            .map(a -> new io.loadsmith.generation.context.MappingModels.Named(a.target(), a.sources(),
                                    a.transformationType(), a.formula())).toList()));
        }
        return models;
    }
}
