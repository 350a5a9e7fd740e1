package io.loadsmith.store;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;

import io.loadsmith.entity.WarehouseEntityRepository;
import io.loadsmith.load.LoadRepository;
import io.loadsmith.template.LoadTemplateRepository;

class StoreRoundTripH2Test extends H2StoreTest implements StoreRoundTripContract {

    @Autowired
    WarehouseEntityRepository entities;
    @Autowired
    LoadRepository loads;
    @Autowired
    LoadTemplateRepository templates;
    @Autowired
    TransactionTemplate tx;
    @Autowired
    JdbcTemplate jdbc;

    @Override
    public WarehouseEntityRepository entities() {
        return entities;
    }

    @Override
    public LoadRepository loads() {
        return loads;
    }

    @Override
    public LoadTemplateRepository templates() {
        return templates;
    }

    @Override
    public TransactionTemplate tx() {
        return tx;
    }

    @Override
    public JdbcTemplate jdbc() {
        return jdbc;
    }
}
