package io.loadsmith.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.anonymous;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.user;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.web.servlet.request.MockHttpServletRequestBuilder;
import org.springframework.test.web.servlet.request.MockMvcRequestBuilders;
import org.springframework.test.web.servlet.request.RequestPostProcessor;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerMapping;

import io.loadsmith.account.token.TokenScope;
import io.loadsmith.identity.Role;
import io.loadsmith.store.H2StoreTest;

/**
 * Every endpoint of the application, written out by hand with the least that may call it, tried
 * as anonymous, VIEWER, EDITOR, ADMIN and with bearer tokens. Anonymous gets 401 on the API and
 * the sign-in page elsewhere; too small a role gets 403; enough gets past security (and never a
 * 500). A new endpoint fails {@link #everyEndpointIsInTheMatrix} until it is written in here.
 */
class AccessMatrixTest extends H2StoreTest {

    enum Need { PUBLIC, SIGNED_IN, VIEWER, EDITOR, ADMIN }

    record Endpoint(HttpMethod method, String pattern, Need need) {
        /** Answers with problem details and takes tokens: the REST API and the actuator (probes, metrics). */
        boolean api() {
            return pattern.startsWith("/api/") || pattern.startsWith("/actuator/");
        }

        String path() {
            return pattern.replace("{kind}", "entity-types").replace("{name}", "no-such-package")
                    .replace("/health/**", "/health/readiness")
                    .replaceAll("\\{[a-z]+}", "999999");
        }

        @Override
        public String toString() {
            return method + " " + pattern;
        }
    }

    static final List<Endpoint> MATRIX = matrix("""
            GET    /login                                              PUBLIC
            GET    /                                                   VIEWER
            GET    /search                                             VIEWER
            GET    /account                                            SIGNED_IN
            POST   /account/password                                   SIGNED_IN
            POST   /account/tokens                                     SIGNED_IN
            POST   /account/tokens/{id}/revoke                         SIGNED_IN
            GET    /admin/users                                        ADMIN
            POST   /admin/users                                        ADMIN
            POST   /admin/users/{id}                                   ADMIN
            POST   /admin/users/{id}/password                          ADMIN
            GET    /admin/tokens                                       ADMIN
            POST   /admin/tokens/{id}/revoke                           ADMIN
            GET    /entities                                           VIEWER
            GET    /entities/new                                       VIEWER
            POST   /entities                                           EDITOR
            GET    /entities/{id}                                      VIEWER
            POST   /entities/{id}                                      EDITOR
            GET    /entities/{id}/ddl                                  VIEWER
            GET    /entities/{id}/delete                               VIEWER
            POST   /entities/{id}/delete                               EDITOR
            POST   /entities/{id}/restore                              EDITOR
            GET    /loads                                              VIEWER
            GET    /loads/new                                          VIEWER
            POST   /loads                                              EDITOR
            GET    /loads/{id}                                         VIEWER
            POST   /loads/{id}                                         EDITOR
            GET    /loads/{id}/preview                                 VIEWER
            GET    /loads/{id}/delete                                  VIEWER
            POST   /loads/{id}/delete                                  EDITOR
            POST   /loads/{id}/restore                                 EDITOR
            GET    /loads/{id}/try                                     VIEWER
            POST   /loads/{id}/try                                     VIEWER
            GET    /lineage                                            VIEWER
            GET    /entities/{id}/lineage                              VIEWER
            GET    /configuration                                      VIEWER
            POST   /configuration/attribute-types                      ADMIN
            POST   /configuration/default-attributes                   ADMIN
            POST   /configuration/entity-types                         ADMIN
            GET    /configuration/entity-types/{id}                    VIEWER
            POST   /configuration/entity-types/{id}                    ADMIN
            GET    /configuration/default-attributes/{id}              VIEWER
            POST   /configuration/default-attributes/{id}              ADMIN
            GET    /configuration/transformation-types/{id}            VIEWER
            POST   /configuration/transformation-types/{id}            ADMIN
            POST   /configuration/datatype-mappings                    ADMIN
            POST   /configuration/transformation-types                 ADMIN
            GET    /configuration/{kind}/{id}/delete                   VIEWER
            POST   /configuration/{kind}/{id}/delete                   ADMIN
            GET    /configuration/templates                            VIEWER
            GET    /configuration/templates/new                        VIEWER
            POST   /configuration/templates                            ADMIN
            GET    /configuration/templates/{id}                       VIEWER
            GET    /configuration/templates/library/{name}             VIEWER
            GET    /environments                                       VIEWER
            POST   /environments                                       ADMIN
            POST   /environments/{id}                                  ADMIN
            GET    /presets                                            VIEWER
            POST   /presets                                            ADMIN
            GET    /presets/new                                        VIEWER
            GET    /presets/{id}                                       VIEWER
            POST   /presets/{id}                                       ADMIN
            GET    /presets/{id}/delete                                VIEWER
            POST   /presets/{id}/delete                                ADMIN
            POST   /configuration/templates/{id}                       ADMIN
            GET    /configuration/templates/{id}/preview               VIEWER
            GET    /configuration/templates/{id}/delete                VIEWER
            POST   /configuration/templates/{id}/delete                ADMIN
            GET    /packages                                           VIEWER
            GET    /packages/new                                       VIEWER
            POST   /packages                                           EDITOR
            GET    /packages/{name}                                    VIEWER
            POST   /packages/{name}/commit                             EDITOR
            GET    /packages/{name}/deployments                        VIEWER
            POST   /packages/{name}/deployments                        EDITOR
            GET    /packages/{name}/diff                               VIEWER
            GET    /packages/{name}/export                             VIEWER
            GET    /packages/{name}/try                                VIEWER
            POST   /packages/{name}/try                                VIEWER
            GET    /packages/{name}/versions/{number}/restore          VIEWER
            POST   /packages/{name}/versions/{number}/restore          ADMIN
            GET    /packages/import                                    VIEWER
            POST   /packages/import                                    ADMIN
            GET    /audit                                              VIEWER
            GET    /audit/{id}                                         VIEWER
            GET    /api/v1/audit                                       VIEWER
            GET    /api/v1/audit/{id}                                  VIEWER
            GET    /api/v1/me                                          VIEWER
            GET    /api/v1/users                                       ADMIN
            GET    /api/v1/users/{id}                                  ADMIN
            POST   /api/v1/users                                       ADMIN
            PUT    /api/v1/users/{id}                                  ADMIN
            PUT    /api/v1/users/{id}/password                         ADMIN
            GET    /api/v1/users/{id}/tokens                           ADMIN
            GET    /api/v1/tokens                                      SIGNED_IN
            POST   /api/v1/tokens                                      SIGNED_IN
            DELETE /api/v1/tokens/{id}                                 SIGNED_IN
            GET    /api/v1/dialects                                    VIEWER
            GET    /api/v1/entities                                    VIEWER
            GET    /api/v1/entities/{id}                               VIEWER
            GET    /api/v1/entities/{id}/ddl                           VIEWER
            POST   /api/v1/entities                                    EDITOR
            PUT    /api/v1/entities/{id}                               EDITOR
            DELETE /api/v1/entities/{id}                               EDITOR
            GET    /api/v1/loads                                       VIEWER
            GET    /api/v1/loads/{id}                                  VIEWER
            GET    /api/v1/loads/{id}/sql                              VIEWER
            POST   /api/v1/loads                                       EDITOR
            PUT    /api/v1/loads/{id}                                  EDITOR
            DELETE /api/v1/loads/{id}                                  EDITOR
            GET    /api/v1/loads/{id}/mappings                         VIEWER
            PUT    /api/v1/loads/{id}/mappings                         EDITOR
            DELETE /api/v1/loads/{id}/mappings                         EDITOR
            POST   /api/v1/loads/mapping-import                        EDITOR
            GET    /api/v1/loads/{id}/try                              VIEWER
            POST   /api/v1/loads/{id}/try                              VIEWER
            GET    /api/v1/lineage                                     VIEWER
            GET    /api/v1/attribute-types                             VIEWER
            GET    /api/v1/attribute-types/{id}                        VIEWER
            POST   /api/v1/attribute-types                             ADMIN
            PUT    /api/v1/attribute-types/{id}                        ADMIN
            DELETE /api/v1/attribute-types/{id}                        ADMIN
            GET    /api/v1/datatype-mappings                           VIEWER
            GET    /api/v1/datatype-mappings/{id}                      VIEWER
            POST   /api/v1/datatype-mappings                           ADMIN
            PUT    /api/v1/datatype-mappings/{id}                      ADMIN
            DELETE /api/v1/datatype-mappings/{id}                      ADMIN
            GET    /api/v1/default-attributes                          VIEWER
            GET    /api/v1/default-attributes/{id}                     VIEWER
            POST   /api/v1/default-attributes                          ADMIN
            PUT    /api/v1/default-attributes/{id}                     ADMIN
            DELETE /api/v1/default-attributes/{id}                     ADMIN
            GET    /api/v1/entity-types                                VIEWER
            GET    /api/v1/entity-types/{id}                           VIEWER
            POST   /api/v1/entity-types                                ADMIN
            PUT    /api/v1/entity-types/{id}                           ADMIN
            DELETE /api/v1/entity-types/{id}                           ADMIN
            GET    /api/v1/environments                                VIEWER
            GET    /api/v1/environments/{id}                           VIEWER
            POST   /api/v1/environments                                ADMIN
            PUT    /api/v1/environments/{id}                           ADMIN
            DELETE /api/v1/environments/{id}                           ADMIN
            GET    /api/v1/environments/{environment}/deployments      VIEWER
            POST   /api/v1/environments/{environment}/deployments      EDITOR
            GET    /api/v1/templates                                   VIEWER
            GET    /api/v1/templates/{id}                              VIEWER
            POST   /api/v1/templates                                   ADMIN
            PUT    /api/v1/templates/{id}                              ADMIN
            DELETE /api/v1/templates/{id}                              ADMIN
            GET    /api/v1/load-presets                                VIEWER
            GET    /api/v1/load-presets/{id}                           VIEWER
            POST   /api/v1/load-presets                                ADMIN
            PUT    /api/v1/load-presets/{id}                           ADMIN
            DELETE /api/v1/load-presets/{id}                           ADMIN
            POST   /api/v1/loads/from-preset                           EDITOR
            GET    /api/v1/transformation-types                        VIEWER
            GET    /api/v1/transformation-types/{id}                   VIEWER
            POST   /api/v1/transformation-types                        ADMIN
            PUT    /api/v1/transformation-types/{id}                   ADMIN
            DELETE /api/v1/transformation-types/{id}                   ADMIN
            GET    /api/v1/packages                                    VIEWER
            GET    /api/v1/packages/{id}                               VIEWER
            POST   /api/v1/packages                                    EDITOR
            PUT    /api/v1/packages/{id}                               EDITOR
            DELETE /api/v1/packages/{id}                               ADMIN
            POST   /api/v1/packages/import                             ADMIN
            POST   /api/v1/packages/import/ade                         ADMIN
            POST   /api/v1/packages/import/ade/batch                   ADMIN
            GET    /api/v1/packages/{id}/try                           VIEWER
            POST   /api/v1/packages/{id}/try                           VIEWER
            GET    /api/v1/packages/{id}/versions                      VIEWER
            POST   /api/v1/packages/{id}/versions                      EDITOR
            GET    /api/v1/packages/{id}/versions/{version}            VIEWER
            GET    /api/v1/packages/{id}/versions/{version}/diff/{other}  VIEWER
            POST   /api/v1/packages/{id}/versions/{version}/restore    ADMIN
            GET    /api/v1/packages/{id}/versions/{version}/sql-package  VIEWER
            GET    /api/v1/packages/{id}/versions/{version}/sql        VIEWER
            GET    /api/v1/packages/{id}/versions/{version}/loads/{load}/sql  VIEWER
            GET    /api/v1/packages/{id}/versions/{version}/entities/{entity}/ddl  VIEWER
            GET    /api/v1/packages/{id}/versions/{to}/migration       VIEWER
            GET    /api/v1/packages/{id}/versions/{to}/migration/sql-package  VIEWER
            GET    /actuator/health                                    PUBLIC
            GET    /actuator/health/**                                 PUBLIC
            GET    /actuator/prometheus                                ADMIN
            """);

    @Autowired
    @Qualifier("requestMappingHandlerMapping")
    RequestMappingHandlerMapping mappings;

    @Autowired
    org.springframework.context.ApplicationContext context;

    @Autowired
    org.springframework.boot.webmvc.actuate.endpoint.web.WebMvcEndpointHandlerMapping actuator;

    @Test
    void everyEndpointIsInTheMatrix() {
        Set<String> served = new TreeSet<>();
        served(mappings, served, handler -> handler.getBeanType().getPackageName().startsWith("io.loadsmith"));
        served(actuator, served, handler -> true);
        Set<String> written = new TreeSet<>(MATRIX.stream().map(Endpoint::toString).toList());
        assertThat(written).as("the matrix lists exactly the application's endpoints").isEqualTo(served);
    }

    private static void served(org.springframework.web.servlet.mvc.method.RequestMappingInfoHandlerMapping mapping,
                               Set<String> served, java.util.function.Predicate<org.springframework.web.method.HandlerMethod> ours) {
        mapping.getHandlerMethods().forEach((info, handler) -> {
            if (!ours.test(handler)) {
                return;
            }
            for (String pattern : info.getPatternValues()) {
                info.getMethodsCondition().getMethods().forEach(m -> served.add(m + " " + pattern));
            }
        });
    }

    @TestFactory
    Stream<DynamicTest> eachRoleGetsExactlyItsRights() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Endpoint endpoint : MATRIX) {
            tests.add(DynamicTest.dynamicTest(endpoint + " anonymous", () -> expectAnonymous(endpoint)));
            for (Role role : Role.values()) {
                tests.add(DynamicTest.dynamicTest(endpoint + " as " + role, () ->
                        expect(endpoint, role.name(), allowed(endpoint.need(), role),
                                send(endpoint, user("matrix-" + role.name().toLowerCase()).roles(role.name())))));
            }
        }
        return tests.stream();
    }

    /** Tokens on the API: READ acts as a VIEWER whatever its owner's role; WRITE as its owner; no token mints tokens. */
    @TestFactory
    Stream<DynamicTest> tokensGetTheirScopesRights() {
        String read = "Bearer " + TestAccounts.token(context, "matrix-token-admin", Role.ADMIN, TokenScope.READ);
        String write = "Bearer " + TestAccounts.token(context, "matrix-token-editor", Role.EDITOR, TokenScope.WRITE);
        List<DynamicTest> tests = new ArrayList<>();
        for (Endpoint endpoint : MATRIX.stream().filter(Endpoint::api).toList()) {
            boolean tokenEndpointWrite = endpoint.pattern().startsWith("/api/v1/tokens") && endpoint.method() != HttpMethod.GET;
            boolean readAllowed = !tokenEndpointWrite && allowed(endpoint.need(), Role.VIEWER);
            boolean writeAllowed = !(tokenEndpointWrite && endpoint.method() == HttpMethod.POST)
                    && allowed(endpoint.need(), Role.EDITOR);
            tests.add(DynamicTest.dynamicTest(endpoint + " with an ADMIN's READ token",
                    () -> expect(endpoint, "READ token", readAllowed, send(endpoint, bearer(read)))));
            tests.add(DynamicTest.dynamicTest(endpoint + " with an EDITOR's WRITE token",
                    () -> expect(endpoint, "WRITE token", writeAllowed, send(endpoint, bearer(write)))));
        }
        return tests.stream();
    }

    private static boolean allowed(Need need, Role role) {
        return switch (need) {
            case PUBLIC, SIGNED_IN -> true;
            case VIEWER -> role.includes(Role.VIEWER);
            case EDITOR -> role.includes(Role.EDITOR);
            case ADMIN -> role.includes(Role.ADMIN);
        };
    }

    private void expectAnonymous(Endpoint endpoint) throws Exception {
        MockHttpServletResponse response = send(endpoint, anonymous());
        if (endpoint.need() == Need.PUBLIC) {
            assertThat(response.getStatus()).as(endpoint + " is public").isEqualTo(200);
        } else if (endpoint.api()) {
            assertThat(response.getStatus()).as(endpoint + " anonymous").isEqualTo(401);
            assertThat(response.getHeader("WWW-Authenticate")).startsWith("Bearer");
            assertThat(response.getContentAsString()).contains("\"detail\"");
        } else {
            assertThat(response.getStatus()).as(endpoint + " anonymous").isEqualTo(302);
            assertThat(response.getRedirectedUrl()).endsWith("/login");
        }
    }

    private static void expect(Endpoint endpoint, String who, boolean allowed, MockHttpServletResponse response)
            throws Exception {
        String answer = endpoint + " as " + who + " answered " + response.getStatus() + " " + response.getContentAsString();
        if (allowed) {
            assertThat(response.getStatus()).as(answer).isNotIn(401, 403).isLessThan(500);
            assertThat(String.valueOf(response.getRedirectedUrl())).as(answer).doesNotEndWith("/login");
        } else {
            assertThat(response.getStatus()).as(answer).isEqualTo(403);
            assertThat(response.getContentAsString()).as(answer).doesNotContain("\tat ", "Exception");
        }
    }

    private MockHttpServletResponse send(Endpoint endpoint, RequestPostProcessor who) throws Exception {
        MockHttpServletRequestBuilder request = MockMvcRequestBuilders.request(endpoint.method(), endpoint.path()).with(who);
        if (endpoint.api()) {
            request.accept(MediaType.APPLICATION_JSON);
            if (endpoint.method() == HttpMethod.POST || endpoint.method() == HttpMethod.PUT) {
                request.contentType(MediaType.APPLICATION_JSON).content("{}");
            }
        }
        return mvc.perform(request).andReturn().getResponse();
    }

    private static RequestPostProcessor bearer(String header) {
        return request -> {
            request.addHeader("Authorization", header);
            return request;
        };
    }

    private static List<Endpoint> matrix(String table) {
        return table.lines().map(String::trim).filter(line -> !line.isEmpty()).map(line -> line.split("\\s+"))
                .map(cells -> new Endpoint(HttpMethod.valueOf(cells[0]), cells[1], Need.valueOf(cells[2]))).toList();
    }
}
