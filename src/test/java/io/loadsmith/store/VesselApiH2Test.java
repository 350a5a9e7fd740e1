package io.loadsmith.store;

class VesselApiH2Test extends H2StoreTest implements VesselApiContract {
}
