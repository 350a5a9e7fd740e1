package io.loadsmith.generation;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Binds {@code loadsmith.full-refresh.*} and hands them to the generator and the exporter as plain records. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(FullRefreshProperties.class)
class FullRefreshConfiguration {

    @Bean
    FullRefreshSettings fullRefreshSettings(FullRefreshProperties properties) {
        return properties.toSettings();
    }
}
