package io.loadsmith.deployment;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.generation.FullRefreshSettings;
import io.loadsmith.generation.catalog.LibraryTemplateSource;

/** Migrations read only the two package documents and the library, as the command line does. */
@Configuration(proxyBeanMethods = false)
public class DeploymentConfiguration {

    @Bean
    Migrations migrations(LibraryTemplateSource library, DialectRegistry dialects, FullRefreshSettings fullRefresh) {
        return new Migrations(library, dialects, fullRefresh);
    }
}
