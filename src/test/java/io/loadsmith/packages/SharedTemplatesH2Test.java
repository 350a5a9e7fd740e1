package io.loadsmith.packages;

import io.loadsmith.store.H2StoreTest;

class SharedTemplatesH2Test extends H2StoreTest implements SharedTemplatesContract {
}
