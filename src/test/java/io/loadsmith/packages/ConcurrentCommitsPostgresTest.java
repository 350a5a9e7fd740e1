package io.loadsmith.packages;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;

import io.loadsmith.store.PostgresStoreTest;

class ConcurrentCommitsPostgresTest extends PostgresStoreTest implements ConcurrentCommitsContract {

    @Autowired
    ApplicationContext context;

    @Override
    public ApplicationContext context() {
        return context;
    }
}
