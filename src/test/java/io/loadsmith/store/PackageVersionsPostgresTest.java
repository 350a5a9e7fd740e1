package io.loadsmith.store;

class PackageVersionsPostgresTest extends PostgresStoreTest implements PackageVersionsContract {
}
