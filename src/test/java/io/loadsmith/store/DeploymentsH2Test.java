package io.loadsmith.store;

class DeploymentsH2Test extends H2StoreTest implements DeploymentsContract {
}
