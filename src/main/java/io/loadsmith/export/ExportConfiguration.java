package io.loadsmith.export;

import java.time.Clock;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.loadsmith.export.migration.Migrations;
import io.loadsmith.generation.EngineFactory;
import io.loadsmith.generation.EngineSettings;

/**
 * The exporter and the migrations the API uses. A package version carries its templates, formulas and datatype
 * mappings in its document, so the exporter reads nothing else from the store: a version exports the same bytes
 * next year as today, exactly as the command line does from the same document.
 */
@Configuration(proxyBeanMethods = false)
class ExportConfiguration {

    @Bean
    SqlPackageExporter sqlPackageExporter(EngineFactory factory, EngineSettings settings) {
        return new SqlPackageExporter(factory, settings);
    }

    /** Migrations read only the two package documents and the library, as the command line does. */
    @Bean
    Migrations migrations(EngineFactory factory, EngineSettings settings) {
        return new Migrations(factory, settings);
    }

    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }
}
