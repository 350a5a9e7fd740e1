package io.loadsmith.store;

import javax.sql.DataSource;

import org.springframework.beans.factory.annotation.Autowired;

import io.loadsmith.account.AccountService;
import io.loadsmith.account.token.ApiTokenService;

class StoreWritesAfterPoolRecyclePostgresTest extends PostgresStoreTest implements StoreWritesAfterPoolRecycleContract {

    @Autowired
    DataSource dataSource;
    @Autowired
    AccountService accounts;
    @Autowired
    ApiTokenService tokens;

    @Override
    public DataSource dataSource() {
        return dataSource;
    }

    @Override
    public AccountService accounts() {
        return accounts;
    }

    @Override
    public ApiTokenService tokens() {
        return tokens;
    }
}
