package io.loadsmith.store;

class DemoDataPostgresTest extends PostgresDemoStoreTest implements DemoDataContract {
}
