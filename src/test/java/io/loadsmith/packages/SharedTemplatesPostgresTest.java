package io.loadsmith.packages;

import io.loadsmith.store.PostgresStoreTest;

class SharedTemplatesPostgresTest extends PostgresStoreTest implements SharedTemplatesContract {
}
