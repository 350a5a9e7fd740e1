package io.loadsmith.store;

class AuditTrailH2Test extends H2StoreTest implements AuditTrailContract {
}
