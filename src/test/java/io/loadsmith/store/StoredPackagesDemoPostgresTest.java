package io.loadsmith.store;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;

class StoredPackagesDemoPostgresTest extends PostgresDemoStoreTest implements StoredPackagesContract {

    @Autowired
    ApplicationContext context;

    @Override
    public ApplicationContext context() {
        return context;
    }
}
