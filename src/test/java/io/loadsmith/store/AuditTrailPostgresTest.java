package io.loadsmith.store;

class AuditTrailPostgresTest extends PostgresStoreTest implements AuditTrailContract {
}
