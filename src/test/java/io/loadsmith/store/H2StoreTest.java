package io.loadsmith.store;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;

/** The whole application on an empty in-memory H2 store (schema only). Subclasses share one context. */
@SpringBootTest
@AutoConfigureMockMvc
@org.springframework.context.annotation.Import(io.loadsmith.store.SignedInMockMvc.class)
@org.springframework.security.test.context.support.WithMockUser(username = "admin", roles = "ADMIN")
public abstract class H2StoreTest {

    @Autowired
    protected MockMvc mvc;

    @DynamicPropertySource
    static void store(DynamicPropertyRegistry registry) {
        registry.add("spring.datasource.url", () -> "jdbc:h2:mem:api;DB_CLOSE_DELAY=-1");
        registry.add("spring.flyway.locations", () -> "classpath:db/migration");
    }

    public Api api() {
        return new Api(mvc);
    }
}
