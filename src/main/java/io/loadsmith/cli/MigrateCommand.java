package io.loadsmith.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.loadsmith.dialect.UnknownDialectException;
import io.loadsmith.exchange.CanonicalJson;
import io.loadsmith.exchange.InvalidPackageException;
import io.loadsmith.exchange.PackageDocument;
import io.loadsmith.exchange.PackageJson;
import io.loadsmith.export.migration.Migration;
import io.loadsmith.generation.EngineSettings;
import io.loadsmith.load.GenerationRequest;
import io.loadsmith.load.GenerationResult;

/**
 * {@code java -jar loadsmith.jar migrate --from a.json --to b.json --dialect postgresql --out dist/}:
 * the migration between two package JSON files without a server or database, through the same
 * front door to generation as the API (a PackageMigration request). Writes
 * {@code <out>/<from>-to-<to>.sql} and its plan as {@code <out>/<from>-to-<to>.plan.json}; the labels are the files' names without {@code .json}
 * unless {@code --from-version} / {@code --to-version} give them.
 */
public final class MigrateCommand {

    static final String USAGE = """
            usage: java -jar loadsmith.jar migrate --from A.json --to B.json --dialect DIALECT --out DIR
                                                   [--from-version LABEL] [--to-version LABEL] [--allow-destructive]""";

    private MigrateCommand() {
    }

    /** Returns the exit code: 0 written, 1 refused or not expressible or unreadable, 2 bad arguments. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        Map<String, String> options = new HashMap<>();
        boolean allowDestructive = false;
        for (int i = 1; i < args.length; i++) {
            if ("--allow-destructive".equals(args[i])) {
                allowDestructive = true;
            } else if (args[i].startsWith("--") && i + 1 < args.length) {
                options.put(args[i].substring(2), args[++i]);
            } else {
                err.println("migrate: unexpected argument '" + args[i] + "'\n" + USAGE);
                return 2;
            }
        }
        for (String required : List.of("from", "to", "dialect", "out")) {
            if (!options.containsKey(required)) {
                err.println("migrate: --" + required + " is required\n" + USAGE);
                return 2;
            }
        }
        try {
            PackageDocument from = read(options.get("from"));
            PackageDocument to = read(options.get("to"));
            String fromLabel = options.getOrDefault("from-version", label(options.get("from")));
            String toLabel = options.getOrDefault("to-version", label(options.get("to")));
            GenerationResult<Migration> generated = Standalone.of(EngineSettings.defaults()).generation().generate(
                    new GenerationRequest.PackageMigration(from, fromLabel, to, toLabel, options.get("dialect"), allowDestructive));
            if (generated.failed()) {
                err.println("migrate: " + generated.problem().message().replace("allowDestructive=true (API) or ", ""));
                return 1;
            }
            Migration migration = generated.generated();
            Path dir = Path.of(options.get("out"));
            Files.createDirectories(dir);
            String base = fromLabel + "-to-" + toLabel;
            Files.writeString(dir.resolve(base + ".sql"), migration.sql());
            Files.writeString(dir.resolve(base + ".plan.json"), CanonicalJson.write(migration));
            out.println("migrate: " + migration.changes().size() + " changes in " + migration.steps().size()
                    + " steps for " + migration.dialect() + " in " + dir.resolve(base + ".sql"));
            return 0;
        } catch (UnknownDialectException e) {
            err.println("migrate: " + e.getMessage());
            return 2;
        } catch (InvalidPackageException | IllegalArgumentException e) {
            err.println("migrate: " + e.getMessage());
            return 1;
        } catch (IOException e) {
            err.println("migrate: cannot read or write a file: " + e.getMessage());
            return 1;
        }
    }

    private static PackageDocument read(String file) throws IOException {
        return PackageJson.read(Files.readAllBytes(Path.of(file)));
    }

    private static String label(String file) {
        String name = Path.of(file).getFileName().toString();
        return name.endsWith(".json") ? name.substring(0, name.length() - ".json".length()) : name;
    }
}
