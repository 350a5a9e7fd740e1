package io.loadsmith.store;

class DeploymentsPostgresTest extends PostgresStoreTest implements DeploymentsContract {
}
