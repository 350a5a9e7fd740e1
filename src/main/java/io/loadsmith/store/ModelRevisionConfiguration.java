package io.loadsmith.store;

import org.hibernate.cfg.JdbcSettings;
import org.hibernate.cfg.SessionEventSettings;
import org.springframework.boot.hibernate.autoconfigure.HibernatePropertiesCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Hands Hibernate the {@link ModelRevision} that watches its statements and its commits. */
@Configuration(proxyBeanMethods = false)
class ModelRevisionConfiguration {

    @Bean
    HibernatePropertiesCustomizer modelRevisionWatch(ModelRevision revision) {
        return properties -> {
            properties.put(JdbcSettings.STATEMENT_INSPECTOR, revision);
            properties.put(SessionEventSettings.INTERCEPTOR, revision);
        };
    }
}
