package io.loadsmith.robustness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.security.test.context.support.WithMockUser;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.web.servlet.MockMvc;

import io.loadsmith.generation.render.RenderGuard;
import io.loadsmith.store.Api;
import io.loadsmith.store.VesselModel;

/**
 * With every render thread and waiting place taken, a render is refused at once with a message the
 * caller can act on: a 503 problem with Retry-After from the API, the same sentence in place in the
 * designer's preview (HTML, not JSON); requests that render nothing are served meanwhile, and once a
 * place is free renders go on.
 */
@SpringBootTest
@AutoConfigureMockMvc
@org.springframework.context.annotation.Import(io.loadsmith.store.SignedInMockMvc.class)
@WithMockUser(username = "admin", roles = "ADMIN")
@TestPropertySource(properties = {
        "spring.datasource.url=jdbc:h2:mem:render_busy;DB_CLOSE_DELAY=-1",
        "loadsmith.render.threads=1", "loadsmith.render.queue=0", "loadsmith.render.admission-wait=0s"})
class RenderBusyTest {

    @Autowired
    MockMvc mvc;
    @Autowired
    RenderGuard guard;

    @Test
    void aFullPoolIsRefusedIn503AndInPlaceAndCheapCallsAreServed() throws Exception {
        long load = VesselModel.ensure(new Api(mvc));
        assertThat(sql(load).getStatus()).isEqualTo(200);

        CountDownLatch holding = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<Object> occupant = CompletableFuture.supplyAsync(() -> {
            try {
                return guard.run(() -> {
                    holding.countDown();
                    return release.await(5, TimeUnit.MINUTES);
                });
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        try {
            assertThat(holding.await(1, TimeUnit.MINUTES)).isTrue();

            MockHttpServletResponse api = sql(load);
            assertThat(api.getStatus()).isEqualTo(503);
            assertThat(api.getContentType()).startsWith("application/problem+json");
            assertThat(api.getHeader("Retry-After")).isEqualTo("2");
            assertThat(api.getContentAsString()).contains("\"title\":\"Too many renders at once\"",
                    "Too many renders at once (1 running, 0 waiting); try again in a moment.")
                    .doesNotContain("java.", "Exception");

            MockHttpServletResponse page = mvc.perform(get("/loads/" + load + "/preview").param("dialect", "postgresql")
                    .header("HX-Request", "true")).andReturn().getResponse();
            assertThat(page.getStatus()).isEqualTo(200);
            assertThat(page.getContentType()).startsWith("text/html");
            assertThat(page.getContentAsString()).contains("Too many renders at once").doesNotContain("\"status\":503");

            assertThat(mvc.perform(get("/api/v1/loads/" + load)).andReturn().getResponse().getStatus()).isEqualTo(200);
        } finally {
            release.countDown();
        }
        assertThat(occupant.get(1, TimeUnit.MINUTES)).isEqualTo(true);
        assertThat(sql(load).getStatus()).isEqualTo(200);
    }

    private MockHttpServletResponse sql(long load) throws Exception {
        return mvc.perform(get("/api/v1/loads/" + load + "/sql").param("dialect", "postgresql")).andReturn().getResponse();
    }
}
