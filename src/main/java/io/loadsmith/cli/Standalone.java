package io.loadsmith.cli;

import io.loadsmith.export.SqlPackageExporter;
import io.loadsmith.export.migration.Migrations;
import io.loadsmith.generation.EngineFactory;
import io.loadsmith.generation.EngineSettings;
import io.loadsmith.load.Generation;

/**
 * What the commands generate with, without a server or store: the library's engine behind the one
 * front door, as the server has it. The exporter is kept for writing a generated package's zip.
 */
record Standalone(Generation generation, SqlPackageExporter exporter) {

    static Standalone of(EngineSettings settings) {
        EngineFactory engines = EngineFactory.standalone();
        SqlPackageExporter exporter = new SqlPackageExporter(engines, settings);
        return new Standalone(Generation.withoutStore(engines.dialects(), exporter, new Migrations(engines, settings)),
                exporter);
    }
}
