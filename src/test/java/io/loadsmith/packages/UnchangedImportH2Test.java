package io.loadsmith.packages;

import io.loadsmith.store.H2StoreTest;

class UnchangedImportH2Test extends H2StoreTest implements UnchangedImportContract {
}
