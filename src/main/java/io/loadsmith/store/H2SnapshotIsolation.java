package io.loadsmith.store;

import java.sql.SQLException;

import org.hibernate.dialect.H2Dialect;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.orm.jpa.AbstractEntityManagerFactoryBean;
import org.springframework.orm.jpa.vendor.HibernateJpaDialect;
import org.springframework.stereotype.Component;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.DelegatingTransactionDefinition;

import jakarta.persistence.EntityManager;

/**
 * Repeatable read means one snapshot of the store on H2 too. PostgreSQL's repeatable read is a
 * snapshot taken at the transaction's first statement; H2's is not across tables (a row committed
 * to a second table after the first read is seen), while H2's serializable is that snapshot and,
 * for a reader, blocks no writer. So a transaction that asks for repeatable read (a package read,
 * {@code packages.SnapshotRead}) gets serializable on H2 and what it asked for everywhere else.
 */
@Component
class H2SnapshotIsolation implements BeanPostProcessor {

    @Override
    public Object postProcessBeforeInitialization(Object bean, String name) {
        if (bean instanceof AbstractEntityManagerFactoryBean factory) {
            // Set before the factory's own initialisation, which otherwise takes the vendor's dialect.
            factory.setJpaDialect(new Dialect());
        }
        return bean;
    }

    static final class Dialect extends HibernateJpaDialect {

        @Override
        public Object beginTransaction(EntityManager entityManager, TransactionDefinition definition)
                throws SQLException {
            boolean snapshot = definition.getIsolationLevel() == TransactionDefinition.ISOLATION_REPEATABLE_READ
                    && entityManager.getEntityManagerFactory().unwrap(SessionFactoryImplementor.class)
                            .getJdbcServices().getDialect() instanceof H2Dialect;
            return super.beginTransaction(entityManager, snapshot ? serializable(definition) : definition);
        }

        private static TransactionDefinition serializable(TransactionDefinition definition) {
            return new DelegatingTransactionDefinition(definition) {
                @Override
                public int getIsolationLevel() {
                    return ISOLATION_SERIALIZABLE;
                }
            };
        }
    }
}
