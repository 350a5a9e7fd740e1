package io.loadsmith.settings;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.loadsmith.generation.FullRefreshSettings;

/** Binds the project settings and hands them to the generator and the exporter as plain records. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(FullRefreshProperties.class)
public class SettingsConfiguration {

    @Bean
    FullRefreshSettings fullRefreshSettings(FullRefreshProperties properties) {
        return properties.toSettings();
    }
}
