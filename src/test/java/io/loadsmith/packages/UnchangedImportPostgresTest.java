package io.loadsmith.packages;

import io.loadsmith.store.PostgresStoreTest;

class UnchangedImportPostgresTest extends PostgresStoreTest implements UnchangedImportContract {
}
