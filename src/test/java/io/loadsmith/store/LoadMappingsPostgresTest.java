package io.loadsmith.store;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;

class LoadMappingsPostgresTest extends PostgresStoreTest implements LoadMappingsContract {

    @Autowired
    ApplicationContext context;

    @Override
    public ApplicationContext context() {
        return context;
    }
}
