package io.loadsmith.packages.deployment;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.loadsmith.export.migration.Migrations;
import io.loadsmith.generation.EngineFactory;
import io.loadsmith.generation.EngineSettings;

/** Migrations read only the two package documents and the library, as the command line does. */
@Configuration(proxyBeanMethods = false)
class DeploymentConfiguration {

    @Bean
    Migrations migrations(EngineFactory factory, EngineSettings settings) {
        return new Migrations(factory, settings);
    }
}
