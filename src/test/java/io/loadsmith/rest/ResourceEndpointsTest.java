package io.loadsmith.rest;

import static io.loadsmith.store.Api.obj;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;

import io.loadsmith.store.Api;
import io.loadsmith.store.H2StoreTest;
import tools.jackson.databind.JsonNode;

/**
 * {@link ResourceController} and {@link NamedResourceController} through real controllers on the
 * H2 store: each answers under its own path (the Location is that path and the new id, as the
 * controllers written out answered), and the list filters by the subclass's own parameter.
 */
class ResourceEndpointsTest extends H2StoreTest {

    /** A resource: its path, a body to create it, the field a PUT changes, and how its list is filtered. */
    record Resource(String path, Map<String, Object> body, String changed, String filter, String filterValue) {
        @Override
        public String toString() {
            return path;
        }
    }

    static Stream<Resource> resources() {
        return Stream.of(
                new Resource("/api/v1/packages", obj("name", "rest_pkg", "description", "first"), "description",
                        "name", "rest_pkg"),
                new Resource("/api/v1/environments", obj("name", "rest_env", "description", "first"), "description",
                        "name", "rest_env"),
                new Resource("/api/v1/attribute-types", obj("name", "REST_TYPE", "description", "first"), "description",
                        "name", "REST_TYPE"),
                // Mappings have no name: the subclass's own list filters by dialect.
                new Resource("/api/v1/datatype-mappings", obj("dialect", "snowflake", "logicalDatatype", "GEOGRAPHY",
                        "physicalPattern", "GEOGRAPHY"), "physicalPattern", "dialect", "snowflake"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("resources")
    void createAnswers201AtItsPathThenReadUpdateListAndDeleteIt(Resource resource) throws Exception {
        MockHttpServletResponse created = mvc.perform(MockMvcRequestBuilders.post(resource.path())
                .contentType(MediaType.APPLICATION_JSON).content(Api.JSON.writeValueAsString(resource.body()))).andReturn()
                .getResponse();
        assertThat(created.getStatus()).as(created.getContentAsString()).isEqualTo(201);
        JsonNode body = Api.JSON.readTree(created.getContentAsString());
        long id = body.get("id").asLong();
        assertThat(created.getHeader("Location")).isEqualTo(resource.path() + "/" + id);

        assertThat(api().get(resource.path() + "/" + id)).isEqualTo(body);

        Map<String, Object> change = new LinkedHashMap<>(resource.body());
        change.put("version", body.get("version").asLong());
        change.put(resource.changed(), "NUMBER(38)");
        Api.Answer updated = api().send(HttpMethod.PUT, resource.path() + "/" + id, change);
        assertThat(updated.status()).as(updated.body()).isEqualTo(200);
        assertThat(updated.json().get(resource.changed()).asString()).isEqualTo("NUMBER(38)");

        JsonNode listed = api().get(resource.path() + "?" + resource.filter() + "=" + resource.filterValue());
        assertThat(listed.findValuesAsString("id")).contains(String.valueOf(id));
        assertThat(listed.findValuesAsString(resource.filter())).containsOnly(resource.filterValue());

        assertThat(api().send(HttpMethod.DELETE, resource.path() + "/" + id, null).status()).isEqualTo(204);
        Api.Answer gone = api().send(HttpMethod.GET, resource.path() + "/" + id, null);
        assertThat(gone.status()).isEqualTo(404);
        assertThat(api().get(resource.path() + "?" + resource.filter() + "=" + resource.filterValue())
                .findValuesAsString("id")).doesNotContain(String.valueOf(id));
    }

    /** The inherited create validates the subclass's request record, as {@code @Valid} did when written out. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("resources")
    void aBlankRequiredFieldIsA400NamingItAndStoresNothing(Resource resource) {
        Map<String, Object> blank = new LinkedHashMap<>(resource.body());
        String required = resource.body().keySet().iterator().next();
        blank.put(required, " ");
        long before = api().total(resource.path());
        Api.Answer refused = api().send(HttpMethod.POST, resource.path(), blank);
        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertThat(refused.json().get("errors").findValuesAsString("field")).contains(required);
        assertThat(api().total(resource.path())).isEqualTo(before);
    }
}
