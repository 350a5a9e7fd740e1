package io.loadsmith.store;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;

class StoredLoadsDemoH2Test extends H2DemoStoreTest implements StoredLoadsContract {

    @Autowired
    ApplicationContext context;

    @Override
    public ApplicationContext context() {
        return context;
    }
}
