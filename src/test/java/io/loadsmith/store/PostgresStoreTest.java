package io.loadsmith.store;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;

/** The whole application on an empty PostgreSQL 17 database (schema only). Subclasses share one context. */
@SpringBootTest
@AutoConfigureMockMvc
@org.springframework.context.annotation.Import(io.loadsmith.store.SignedInMockMvc.class)
@org.springframework.security.test.context.support.WithMockUser(username = "admin", roles = "ADMIN")
public abstract class PostgresStoreTest {

    @Autowired
    protected MockMvc mvc;

    @DynamicPropertySource
    static void store(DynamicPropertyRegistry registry) {
        registry.add("spring.datasource.url", () -> EmbeddedPostgresHolder.jdbcUrl(EmbeddedPostgresHolder.Database.API));
        registry.add("spring.datasource.username", () -> "postgres");
        registry.add("spring.datasource.password", () -> "postgres");
        registry.add("spring.flyway.locations", () -> "classpath:db/migration");
    }

    public Api api() {
        return new Api(mvc);
    }
}
