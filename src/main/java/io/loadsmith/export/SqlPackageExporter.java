package io.loadsmith.export;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import io.loadsmith.exchange.CanonicalJson;
import io.loadsmith.exchange.DocumentModels;
import io.loadsmith.exchange.PackageDocument;
import io.loadsmith.generation.DdlGenerator;
import io.loadsmith.generation.Engine;
import io.loadsmith.generation.EngineFactory;
import io.loadsmith.generation.EngineSettings;
import io.loadsmith.generation.GenerationOptions;
import io.loadsmith.generation.GeneratedLoad;
import io.loadsmith.generation.LoadSqlGenerator;
import io.loadsmith.generation.call.SqlComments;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.names.Names;

/**
 * Builds the SQL package of a package document for a dialect: the DDL of each entity, one file
 * per load with its whole SQL, and manifest.json (files with SHA-256, in the order to run them).
 * The zip is byte-for-byte reproducible: fixed entry order, fixed timestamps, canonical JSON.
 * The REST API and the command line both come here with a document.
 */
public class SqlPackageExporter {

    private final EngineFactory factory;
    private final EngineSettings settings;

    /**
     * @param settings the project's full-refresh policies; the templates and datatype mappings are
     *                 the document's (see {@link EngineSettings#forPackage})
     */
    public SqlPackageExporter(EngineFactory factory, EngineSettings settings) {
        this.factory = factory;
        this.settings = settings;
    }

    /** Without the caller's confirmation of full refreshes. */
    public SqlPackage build(PackageDocument document, String version, String dialect, String environment) {
        return build(document, version, dialect, environment, GenerationOptions.NONE);
    }

    public SqlPackage build(PackageDocument document, String version, String dialect, String environment,
                            GenerationOptions options) {
        return build(document, version, dialect, environment, options, load -> true);
    }

    /**
     * The DDL files and only the loads that {@code loads} accepts, so that one load's SQL (or an
     * entity's DDL) does not depend on whether another load's full refresh is allowed.
     */
    public SqlPackage build(PackageDocument document, String version, String dialect, String environment,
                            GenerationOptions options, Predicate<String> loads) {
        return buildSelected(document, version, dialect, environment, options, loads);
    }

    private SqlPackage buildSelected(PackageDocument document, String version, String dialect, String environment,
                                     GenerationOptions options, Predicate<String> selected) {
        Generated<SqlPackage.File> files = generate(document, dialect, environment, options, selected, f -> f);
        // The hashes too, in parallel: hashing every file one after the other was a single-threaded
        // pass over all the SQL (issue 18.5).
        List<SqlPackage.ManifestFile> listed = IntStream.range(0, files.files().size()).parallel()
                .mapToObj(i -> {
                    SqlPackage.File f = files.files().get(i);
                    return new SqlPackage.ManifestFile(i + 1, f.path(), f.kind(), f.object(), sha256(f.content()));
                })
                .toList();
        return new SqlPackage(files.files(), manifest(document.name(), version, files.dialect(), environment, listed));
    }

    /**
     * The package as {@link #build} generates it, each file deflated and hashed on the worker that
     * generated it, so that the export never holds all of its SQL (issue 18.5). A load that cannot
     * generate throws here, before anything is written.
     */
    public DeflatedPackage deflated(PackageDocument document, String version, String dialect, String environment,
                                    GenerationOptions options) {
        try (Deflaters deflaters = new Deflaters()) {
            Generated<DeflatedFile> files = generate(document, dialect, environment, options, load -> true,
                    f -> DeflatedFile.of(f, deflaters));
            return packaged(document.name(), version, files.dialect(), environment, files.files());
        }
    }

    /**
     * A package already generated, deflated in parallel (the command line, which writes its files
     * too, and upgrades, whose manifest is their own): its manifest is kept as it is.
     */
    public DeflatedPackage deflate(SqlPackage sqlPackage) {
        try (Deflaters deflaters = new Deflaters()) {
            return new DeflatedPackage(sqlPackage.files().parallelStream().map(f -> DeflatedFile.of(f, deflaters)).toList(),
                    sqlPackage.manifest());
        }
    }

    private static DeflatedPackage packaged(String name, String version, String dialectName, String environment,
                                            List<DeflatedFile> files) {
        List<SqlPackage.ManifestFile> listed = IntStream.range(0, files.size())
                .mapToObj(i -> {
                    DeflatedFile f = files.get(i);
                    return new SqlPackage.ManifestFile(i + 1, f.path(), f.kind(), f.object(), f.sha256());
                })
                .toList();
        return new DeflatedPackage(files, manifest(name, version, dialectName, environment, listed));
    }

    private static SqlPackage.Manifest manifest(String name, String version, String dialectName,
                                                String environment, List<SqlPackage.ManifestFile> listed) {
        return new SqlPackage.Manifest(SqlPackage.Manifest.FORMAT, name, version, dialectName,
                environment == null || environment.isBlank() ? null : environment, listed);
    }

    private record Generated<T>(String dialect, List<T> files) {
    }

    /** A load's file as the caller wants it, and the checks its run must pass before any write. */
    private record Finished<T>(T file, List<String> runChecks) {
    }

    /**
     * The DDL files, and the selected loads in run order with their run checks' file, each file passed through
     * {@code finish} where it was rendered.
     */
    private <T> Generated<T> generate(PackageDocument document, String dialect, String environment,
                                      GenerationOptions options, Predicate<String> selected,
                                      Function<SqlPackage.File, T> finish) {
        DocumentModels models = new DocumentModels(document);
        Engine engine = factory.build(settings.forPackage(models, models.datatypes()));
        DdlGenerator ddl = engine.ddl();
        LoadSqlGenerator loads = engine.loads();
        Names.requireDistinctFileNames("entity", models.entities().stream().map(EntityModel::qualifiedName).toList());
        Names.requireDistinctFileNames("load", document.loads().stream().map(PackageDocument.LoadDoc::name).toList());
        Map<String, String> variables = models.environment(environment);
        String dialectName = factory.dialects().get(dialect).name();

        // Files are rendered in parallel (the generator keeps no state between loads) and collected
        // in their fixed order, so the package is the same bytes however the work was spread.
        List<T> files = new ArrayList<>(models.entities().stream()
                .filter(e -> "TABLE".equals(e.physicalType()) || e.physicalType() == null)
                .sorted(Comparator.comparing(EntityModel::qualifiedName))
                .parallel()
                .map(e -> finish.apply(SqlPackage.File.ddl(e.qualifiedName(), ddl.createTable(e, dialectName))))
                .toList());
        // Loads are generated first (in parallel, any order), each file finished where it was rendered and only
        // its run checks kept besides (issue 18.5: the export never holds all of its SQL); which loads have run
        // checks decides the run order.
        Map<String, Finished<T>> finished = document.loads().stream()
                .filter(l -> selected.test(l.name()))
                .parallel()
                .collect(Collectors.toConcurrentMap(PackageDocument.LoadDoc::name, l -> {
                    GeneratedLoad g = loads.generate(models.load(l), dialectName, variables, options);
                    return new Finished<>(finish.apply(SqlPackage.File.load(l.name(), g.sql())), g.runChecks());
                }));
        Set<String> checked = finished.entrySet().stream().filter(e -> !e.getValue().runChecks().isEmpty())
                .map(Map.Entry::getKey).collect(Collectors.toSet());
        RunOrder.Staged<PackageDocument.LoadDoc> run = RunOrder.staged(document.loads(), checked);
        List<String> ordered = run.loads().stream().map(PackageDocument.LoadDoc::name).filter(selected).toList();
        int checksAt = (int) run.loads().subList(0, run.checksAt()).stream().filter(l -> selected.test(l.name())).count();
        List<T> loadFiles = new ArrayList<>(ordered.stream().map(name -> finished.get(name).file()).toList());
        if (!checked.isEmpty()) {
            loadFiles.add(checksAt, finish.apply(SqlPackage.File.checks(ordered.stream()
                    .filter(checked::contains)
                    .map(name -> "/* " + SqlComments.text(name) + " */\n" + String.join("\n\n", finished.get(name).runChecks()))
                    .collect(Collectors.joining("\n\n", "", "\n")))));
        }
        files.addAll(loadFiles);
        return new Generated<>(dialectName, files);
    }

    /** The zip in memory; for small packages (an upgrade's) and tests. Exports stream: {@link #writeZip}. */
    public byte[] zip(SqlPackage sqlPackage) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            writeZip(sqlPackage, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /** {@link #writeZip(DeflatedPackage, OutputStream)} of the package deflated in parallel: the same bytes. */
    public void writeZip(SqlPackage sqlPackage, OutputStream target) throws IOException {
        writeZip(deflate(sqlPackage), target);
    }

    /**
     * Writes the zip to {@code target} as it is built, so that no copy of the whole zip is held
     * (issue 18.5): the HTTP response and the command line's file get the same bytes as
     * {@link #zip}. The files are deflated already, so this only copies them; a load that cannot
     * generate has failed before this writes anything. {@code target} is flushed, not closed (its
     * owner closes it). manifest.json first, then the files in run order.
     */
    public void writeZip(DeflatedPackage deflated, OutputStream target) throws IOException {
        // Never closed here: the writer only flushes, and the target's owner closes it.
        ZipWriter zip = new ZipWriter(new BufferedOutputStream(target, 1 << 16));
        try (Deflaters deflaters = new Deflaters()) {
            zip.entry(DeflatedFile.of("manifest.json", null, null, CanonicalJson.write(deflated.manifest()), deflaters));
        }
        for (DeflatedFile file : deflated.files()) {
            zip.entry(file);
        }
        zip.finish();
    }

    public static String manifest(SqlPackage sqlPackage) {
        return CanonicalJson.write(sqlPackage.manifest());
    }

    public static String sha256(String content) {
        return DeflatedFile.sha256(content.getBytes(StandardCharsets.UTF_8));
    }
}
