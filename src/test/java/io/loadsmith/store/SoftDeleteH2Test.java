package io.loadsmith.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.http.HttpMethod;

import io.loadsmith.entity.EntityService;
import io.loadsmith.entity.api.AttributeJson;
import io.loadsmith.entity.api.EntityRequest;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.generation.model.StepType;
import io.loadsmith.load.LoadService;
import io.loadsmith.load.api.LoadRequest;
import io.loadsmith.load.api.StepJson;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.NotFoundException;

/** The designer's delete hides entities and loads; restore brings them back as they were. */
class SoftDeleteH2Test extends H2StoreTest {

    @Autowired
    EntityService entities;

    @Autowired
    LoadService loads;

    @Test
    void softDeletedRowsAreInvisibleUntilRestored() {
        long entity = entities.create(new EntityRequest(null, "SOFT_ONE", null, "trash_test", null, PhysicalType.TABLE,
                null, null, List.of(new AttributeJson("id", "INTEGER4", null, null, null, false, null, null)))).id();
        long load = loads.create(new LoadRequest(null, "load_soft_one", "trash_test.SOFT_ONE", null, null, List.of(),
                List.of(new StepJson("only", StepType.OVERRIDE, "SELECT 1")), Map.of())).id();
        try {
            assertThatThrownBy(() -> entities.softDelete(entity)).isInstanceOf(ConflictException.class)
                    .hasMessageContaining("load_soft_one");

            loads.softDelete(load);
            assertThatThrownBy(() -> loads.get(load)).isInstanceOf(NotFoundException.class);
            assertThat(loads.list(null)).noneMatch(l -> l.id() == load);
            assertThat(api().send(HttpMethod.GET, "/api/v1/loads/" + load, null).status()).isEqualTo(404);
            assertThat(loads.deleted()).anyMatch(d -> d.id() == load && d.name().equals("load_soft_one")
                    && d.deletedAt() != null);

            entities.softDelete(entity);
            assertThat(entities.list("trash_test.SOFT_ONE")).isEmpty();
            assertThat(entities.deleted()).anyMatch(d -> d.id() == entity && d.name().equals("trash_test.SOFT_ONE"));
            assertThatThrownBy(() -> loads.restore(load)).isInstanceOf(ConflictException.class)
                    .hasMessageContaining("trash_test.SOFT_ONE");

            entities.restore(entity);
            loads.restore(load);
            assertThat(entities.get(entity).attributes()).extracting(AttributeJson::name).containsExactly("id");
            assertThat(loads.get(load).steps()).extracting(StepJson::text).containsExactly("SELECT 1");
            assertThat(loads.deleted()).noneMatch(d -> d.id() == load);
            assertThatThrownBy(() -> loads.restore(load)).isInstanceOf(NotFoundException.class);
        } finally {
            loads.delete(load);
            entities.delete(entity);
        }
    }
}
