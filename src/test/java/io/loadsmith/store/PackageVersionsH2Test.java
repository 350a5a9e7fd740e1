package io.loadsmith.store;

class PackageVersionsH2Test extends H2StoreTest implements PackageVersionsContract {
}
