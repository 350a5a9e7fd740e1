package io.loadsmith.store;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.test.web.servlet.MockMvc;

class LivePreviewFreshnessPostgresTest extends PostgresStoreTest implements LivePreviewFreshnessContract {

    @Autowired
    ApplicationContext context;

    @Override
    public ApplicationContext context() {
        return context;
    }

    @Override
    public MockMvc mvc() {
        return mvc;
    }
}
