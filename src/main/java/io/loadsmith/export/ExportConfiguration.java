package io.loadsmith.export;

import java.time.Clock;
import java.util.List;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import io.loadsmith.dialect.DialectRegistry;
import io.loadsmith.generation.DatatypeOverrides;
import io.loadsmith.generation.FullRefreshSettings;
import io.loadsmith.generation.catalog.LibraryTemplateSource;

/**
 * The exporter the API uses. A package version carries its templates and formulas in its
 * document, so the exporter reads nothing else from the store: a version exports the same bytes
 * next year as today, exactly as the command line does from the same document.
 */
@Configuration(proxyBeanMethods = false)
public class ExportConfiguration {

    @Bean
    SqlPackageExporter sqlPackageExporter(LibraryTemplateSource library, DialectRegistry dialects,
                                          FullRefreshSettings fullRefresh) {
        return new SqlPackageExporter(library, dialects, DatatypeOverrides.none(), List.of(), fullRefresh);
    }

    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }
}
