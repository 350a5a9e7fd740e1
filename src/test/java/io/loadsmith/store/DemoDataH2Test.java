package io.loadsmith.store;

class DemoDataH2Test extends H2DemoStoreTest implements DemoDataContract {
}
