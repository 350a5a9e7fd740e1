package io.loadsmith.store;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;

/** The application as a first start sees it: H2 with the schema and the demo data (default locations). */
@SpringBootTest
@AutoConfigureMockMvc
@org.springframework.context.annotation.Import(io.loadsmith.store.SignedInMockMvc.class)
@org.springframework.security.test.context.support.WithMockUser(username = "admin", roles = "ADMIN")
public abstract class H2DemoStoreTest {

    @Autowired
    protected MockMvc mvc;

    @DynamicPropertySource
    static void store(DynamicPropertyRegistry registry) {
        registry.add("spring.datasource.url", () -> "jdbc:h2:mem:demo;DB_CLOSE_DELAY=-1");
    }

    public Api api() {
        return new Api(mvc);
    }
}
