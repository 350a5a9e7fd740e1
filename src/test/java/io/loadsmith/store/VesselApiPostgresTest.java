package io.loadsmith.store;

class VesselApiPostgresTest extends PostgresStoreTest implements VesselApiContract {
}
