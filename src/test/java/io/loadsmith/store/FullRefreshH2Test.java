package io.loadsmith.store;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.servlet.MockMvc;

/**
 * Its own application context and in-memory H2 store, because the project setting differs from
 * the default: current-state full refreshes require confirmation here (the default denies them).
 */
@SpringBootTest(properties = "loadsmith.full-refresh.current-state=require_confirmation")
@AutoConfigureMockMvc
@org.springframework.context.annotation.Import(io.loadsmith.store.SignedInMockMvc.class)
@org.springframework.security.test.context.support.WithMockUser(username = "admin", roles = "ADMIN")
class FullRefreshH2Test implements FullRefreshContract {

    @Autowired
    private MockMvc mvc;

    @DynamicPropertySource
    static void store(DynamicPropertyRegistry registry) {
        registry.add("spring.datasource.url", () -> "jdbc:h2:mem:fullrefresh;DB_CLOSE_DELAY=-1");
        registry.add("spring.flyway.locations", () -> "classpath:db/migration");
    }

    @Override
    public Api api() {
        return new Api(mvc);
    }
}
