package io.loadsmith.packages;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;

import io.loadsmith.store.H2StoreTest;

class ConcurrentCommitsH2Test extends H2StoreTest implements ConcurrentCommitsContract {

    @Autowired
    ApplicationContext context;

    @Override
    public ApplicationContext context() {
        return context;
    }
}
