package io.loadsmith.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.loadsmith.dialect.UnknownDialectException;
import io.loadsmith.exchange.InvalidPackageException;
import io.loadsmith.exchange.PackageDocument;
import io.loadsmith.exchange.PackageJson;
import io.loadsmith.export.SqlPackage;
import io.loadsmith.export.SqlPackageExporter;
import io.loadsmith.generation.EngineSettings;
import io.loadsmith.generation.FullRefreshPolicy;
import io.loadsmith.generation.FullRefreshSettings;
import io.loadsmith.generation.GenerationOptions;
import io.loadsmith.load.GenerationRequest;
import io.loadsmith.load.GenerationResult;
import io.loadsmith.names.Names;

/**
 * {@code java -jar loadsmith.jar export --package pkg.json --dialect snowflake --out dist/}: the SQL
 * package of a package JSON file, without a server or a database, through the same front door
 * (Generation, without a store) as the REST API. Writes {@code <out>/<package>-<version>-<dialect>.zip} and its files beside it.
 * Full refreshes of history tables follow the seed's default policies (current-state deny,
 * historical require_confirmation) unless {@code --full-refresh-current-state} /
 * {@code --full-refresh-historical} give the project's; {@code --allow-full-refresh} confirms
 * (satisfies require_confirmation, never overrides deny).
 */
public final class ExportCommand {

    static final String USAGE = """
            usage: java -jar loadsmith.jar export --package FILE.json --dialect DIALECT --out DIR
                                                  [--version LABEL] [--environment NAME] [--allow-full-refresh]
                                                  [--full-refresh-current-state POLICY] [--full-refresh-historical POLICY]
                   POLICY: deny, require_confirmation or allow""";

    private static final String ALLOW_FULL_REFRESH = "--allow-full-refresh";

    private ExportCommand() {
    }

    /** Returns the process exit code: 0 done, 1 the package cannot be exported, 2 bad arguments. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        Map<String, String> options = new HashMap<>();
        boolean allowFullRefresh = false;
        for (int i = 1; i < args.length; i++) {
            if (ALLOW_FULL_REFRESH.equals(args[i])) {
                allowFullRefresh = true;
                continue;
            }
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                err.println("export: unexpected argument '" + args[i] + "'\n" + USAGE);
                return 2;
            }
            options.put(args[i].substring(2), args[++i]);
        }
        for (String required : List.of("package", "dialect", "out")) {
            if (!options.containsKey(required)) {
                err.println("export: --" + required + " is required\n" + USAGE);
                return 2;
            }
        }
        FullRefreshPolicy[] policies = new FullRefreshPolicy[2];
        String[] policyOptions = {"full-refresh-current-state", "full-refresh-historical"};
        for (int i = 0; i < policyOptions.length; i++) {
            String given = options.get(policyOptions[i]);
            if (given != null) {
                policies[i] = FullRefreshPolicy.parse(given).orElse(null);
                if (policies[i] == null) {
                    err.println("export: --" + policyOptions[i] + " '" + given + "' is not a policy: give "
                            + FullRefreshPolicy.choices() + "\n" + USAGE);
                    return 2;
                }
            }
        }
        try {
            PackageDocument document = PackageJson.read(Files.readAllBytes(Path.of(options.get("package"))));
            String version = options.getOrDefault("version", "working");
            Standalone standalone = Standalone.of(
                    EngineSettings.defaults().withFullRefresh(new FullRefreshSettings(policies[0], policies[1])));
            GenerationResult<SqlPackage> generated = standalone.generation().generate(
                    new GenerationRequest.PackageSql(document, version, options.get("dialect"), options.get("environment"),
                            GenerationOptions.of(allowFullRefresh), null));
            if (generated.failed()) {
                err.println("export: " + generated.problem().message());
                return 1;
            }
            SqlPackage sql = generated.generated();
            Path dir = Path.of(options.get("out"));
            Files.createDirectories(dir);
            Path zip = dir.resolve(Names.fileName(document.name() + "-" + version + "-" + sql.manifest().dialect()) + ".zip");
            // Streamed to the file, as the API streams it to the response: the same bytes, never held whole.
            try (OutputStream file = Files.newOutputStream(zip)) {
                standalone.exporter().writeZip(sql, file);
            }
            Files.writeString(dir.resolve("manifest.json"), SqlPackageExporter.manifest(sql));
            for (SqlPackage.File file : sql.files()) {
                Path target = dir.resolve(file.path());
                Files.createDirectories(target.getParent());
                Files.writeString(target, file.content());
            }
            out.println("export: " + sql.files().size() + " files for " + sql.manifest().dialect() + " in " + zip);
            return 0;
        } catch (InvalidPackageException | IllegalArgumentException e) {
            err.println("export: " + e.getMessage());
            return 1;
        } catch (UnknownDialectException e) {
            err.println("export: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println("export: cannot read or write a file: " + e.getMessage());
            return 1;
        }
    }
}
