package io.loadsmith.store;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;

class StoredPackagesPostgresTest extends PostgresStoreTest implements StoredPackagesContract {

    @Autowired
    ApplicationContext context;

    @Override
    public ApplicationContext context() {
        return context;
    }
}
