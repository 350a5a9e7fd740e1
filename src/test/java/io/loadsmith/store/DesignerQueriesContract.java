package io.loadsmith.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.http.HttpMethod;

import io.loadsmith.entity.AttributeJson;
import io.loadsmith.entity.EntityRequest;
import io.loadsmith.entity.EntityResponse;
import io.loadsmith.entity.EntityService;
import io.loadsmith.entitytype.PhysicalType;
import io.loadsmith.generation.model.StepType;
import io.loadsmith.load.LoadRequest;
import io.loadsmith.load.LoadResponse;
import io.loadsmith.load.LoadService;
import io.loadsmith.load.StepJson;
import io.loadsmith.packageregistry.MetadataPackageService;
import io.loadsmith.problem.ConflictException;
import io.loadsmith.problem.NotFoundException;

/**
 * The queries the designer adds (filter, search, recent changes, package counts) and its soft delete
 * with restore, on each metadata store (H2, PostgreSQL).
 */
public interface DesignerQueriesContract {

    Api api();

    EntityService entities();

    LoadService loads();

    MetadataPackageService packages();

    io.loadsmith.load.DraftTemplatePreview drafts();

    @Test
    default void draftTemplateTextIsRenderedInsideTheLoadWithoutBeingStored() {
        long entity = entities().create(new EntityRequest(null, "DRAFT_ONE", null, "draft_test", null, PhysicalType.TABLE,
                null, null, null, List.of(new AttributeJson("id", "INTEGER4", null, null, null, false, null, null)))).id();
        long load = loads().create(new LoadRequest(null, "load_draft_one", "draft_test.DRAFT_ONE", null, null, List.of(),
                List.of(new StepJson("merge", StepType.OVERRIDE, "<ftltemplate:scd2:temp_table_prefix=Z_>")), Map.of())).id();
        try {
            var prefix = List.of(new io.loadsmith.generation.catalog.ParameterDefinition("temp_table_prefix",
                    io.loadsmith.generation.catalog.ParameterType.STRING, true, null, null));
            String sql = drafts().generate(load, "postgresql", "scd2", prefix,
                    Map.of("default", "SELECT '${temp_table_prefix}' AS drafted FROM ${model.load.target.name}")).sql();
            assertThat(sql).contains("SELECT 'Z_' AS drafted FROM DRAFT_ONE;");
            assertThatThrownBy(() -> drafts().generate(load, "postgresql", "scd2", prefix,
                    Map.of("default", "SELECT 1\n${no_such_thing}")))
                    .isInstanceOf(io.loadsmith.generation.model.GenerationException.class)
                    .hasMessageContaining("scd2").hasMessageContaining("line 2");
        } finally {
            loads().delete(load);
            entities().delete(entity);
        }
    }

    /** A template no load calls yet is previewed as a last step of the load picked, so its own output shows. */
    @Test
    default void aDraftNoLoadCallsIsRenderedAsALastStepOfThePickedLoad() {
        long entity = entities().create(new EntityRequest(null, "DRAFT_TWO", null, "draft_test", null, PhysicalType.TABLE,
                null, null, null, List.of(new AttributeJson("id", "INTEGER4", null, null, null, false, null, null)))).id();
        long load = loads().create(new LoadRequest(null, "load_draft_two", "draft_test.DRAFT_TWO", null, null, List.of(),
                List.of(new StepJson("fill", StepType.OVERRIDE, "INSERT INTO x SELECT 1;")), Map.of())).id();
        try {
            String sql = drafts().generate(load, "postgresql", "uncalled", List.of(),
                    Map.of("default", "SELECT 'drafted' AS x FROM ${model.load.target.name}")).sql();
            assertThat(sql).contains("INSERT INTO x SELECT 1;", "/* 2. uncalled (OVERRIDE - SQL) */",
                    "SELECT 'drafted' AS x FROM DRAFT_TWO");
            var required = List.of(new io.loadsmith.generation.catalog.ParameterDefinition("p",
                    io.loadsmith.generation.catalog.ParameterType.STRING, true, null, null));
            assertThatThrownBy(() -> drafts().generate(load, "postgresql", "uncalled", required, Map.of("default", "${p}")))
                    .isInstanceOf(io.loadsmith.generation.model.GenerationException.class)
                    .hasMessageContaining("missing required parameter 'p'");
        } finally {
            loads().delete(load);
            entities().delete(entity);
        }
    }

    @Test
    default void filterSearchRecentAndCountsFindWhatTheDesignerShows() {
        long entity = entities().create(new EntityRequest(null, "QUERY_ONE", null, "query_test", null, PhysicalType.TABLE,
                null, null, null, List.of(new AttributeJson("hull_number", "INTEGER4", null, null, null, false, null, null)))).id();
        long pkg = packages().create(new io.loadsmith.packageregistry.PackageRequest(null, "Query_Pkg", null)).id();
        long packed = entities().create(new EntityRequest(null, "QUERY_PACKED", null, "query_test", null, PhysicalType.TABLE,
                "Query_Pkg", null, null, List.of())).id();
        long load = loads().create(new LoadRequest(null, "load_query_one", "query_test.QUERY_ONE", null, null, List.of(),
                List.of(new StepJson("fill_hulls", StepType.OVERRIDE, "INSERT INTO somewhere SELECT 1")), Map.of())).id();
        try {
            assertThat(entities().filter("query_o", "", "QUERY_TEST", null)).extracting(EntityResponse::id).containsExactly(entity);
            assertThat(entities().filter(null, null, "query_test", "")).extracting(EntityResponse::id)
                    .containsExactly(entity, packed);
            assertThat(entities().filter(null, "NO_SUCH_TYPE", "query_test", null)).isEmpty();
            // A package is matched ignoring case, as its name is unique so; an entity of no package is never in one.
            assertThat(entities().filter(null, null, "query_test", "query_pkg")).extracting(EntityResponse::id)
                    .containsExactly(packed);
            assertThat(entities().filter("query_o", null, null, "NO_SUCH_PKG")).isEmpty();
            assertThat(entities().search("HULL_NUM")).extracting(EntityResponse::id).containsExactly(entity);
            assertThat(loads().search("somewhere")).extracting(LoadResponse::id).containsExactly(load);
            assertThat(loads().search("fill_hu")).extracting(LoadResponse::id).containsExactly(load);
            assertThat(entities().recent()).extracting(EntityResponse::id).contains(entity);
            assertThat(loads().recent()).extracting(LoadResponse::id).contains(load);
            assertThat(packages().counts()).anyMatch(c -> c.name() == null && c.entities() >= 1 && c.loads() >= 1);
        } finally {
            loads().delete(load);
            entities().delete(entity);
            entities().delete(packed);
            packages().delete(pkg);
        }
    }

    @Test
    default void softDeletedRowsAreInvisibleUntilRestored() {
        long entity = entities().create(new EntityRequest(null, "SOFT_ONE", null, "trash_test", null, PhysicalType.TABLE,
                null, null, null, List.of(new AttributeJson("id", "INTEGER4", null, null, null, false, null, null)))).id();
        long load = loads().create(new LoadRequest(null, "load_soft_one", "trash_test.SOFT_ONE", null, null, List.of(),
                List.of(new StepJson("only", StepType.OVERRIDE, "SELECT 1")), Map.of())).id();
        try {
            assertThatThrownBy(() -> entities().softDelete(entity)).isInstanceOf(ConflictException.class)
                    .hasMessageContaining("load_soft_one");

            loads().softDelete(load);
            assertThatThrownBy(() -> loads().get(load)).isInstanceOf(NotFoundException.class);
            assertThat(loads().list(null)).noneMatch(l -> l.id() == load);
            assertThat(api().send(HttpMethod.GET, "/api/v1/loads/" + load, null).status()).isEqualTo(404);
            assertThat(loads().deleted()).anyMatch(d -> d.id() == load && d.name().equals("load_soft_one")
                    && d.deletedAt() != null);

            entities().softDelete(entity);
            assertThat(entities().list("trash_test.SOFT_ONE")).isEmpty();
            assertThat(entities().deleted()).anyMatch(d -> d.id() == entity && d.name().equals("trash_test.SOFT_ONE"));
            assertThatThrownBy(() -> loads().restore(load)).isInstanceOf(ConflictException.class)
                    .hasMessageContaining("trash_test.SOFT_ONE");

            entities().restore(entity);
            loads().restore(load);
            assertThat(entities().get(entity).attributes()).extracting(AttributeJson::name).containsExactly("id");
            assertThat(loads().get(load).steps()).extracting(StepJson::text).containsExactly("SELECT 1");
            assertThat(loads().deleted()).noneMatch(d -> d.id() == load);
            assertThatThrownBy(() -> loads().restore(load)).isInstanceOf(NotFoundException.class);
        } finally {
            loads().delete(load);
            entities().delete(entity);
        }
    }
}
