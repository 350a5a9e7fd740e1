package io.loadsmith.export;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.IntStream;
import java.util.zip.Deflater;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import io.loadsmith.exchange.CanonicalJson;
import io.loadsmith.exchange.DocumentModels;
import io.loadsmith.exchange.PackageDocument;
import io.loadsmith.generation.DdlGenerator;
import io.loadsmith.generation.Engine;
import io.loadsmith.generation.EngineFactory;
import io.loadsmith.generation.EngineSettings;
import io.loadsmith.generation.GenerationOptions;
import io.loadsmith.generation.LoadSqlGenerator;
import io.loadsmith.generation.model.EntityModel;
import io.loadsmith.names.Names;

/**
 * Builds the SQL package of a package document for a dialect: the DDL of each entity, one file
 * per load with its whole SQL, and manifest.json (files with SHA-256, in the order to run them).
 * The zip is byte-for-byte reproducible: fixed entry order, fixed timestamps, canonical JSON.
 * The REST API and the command line both come here with a document.
 */
public class SqlPackageExporter {

    private static final LocalDateTime ZIP_TIME = LocalDateTime.of(2000, 1, 1, 0, 0);

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
        List<SqlPackage.File> files = new ArrayList<>(models.entities().stream()
                .filter(e -> "TABLE".equals(e.physicalType()) || e.physicalType() == null)
                .sorted(Comparator.comparing(EntityModel::qualifiedName))
                .parallel()
                .map(e -> SqlPackage.File.ddl(e.qualifiedName(), ddl.createTable(e, dialectName)))
                .toList());
        files.addAll(RunOrder.of(document.loads()).stream()
                .filter(l -> selected.test(l.name()))
                .parallel()
                .map(l -> SqlPackage.File.load(l.name(),
                        loads.generate(models.load(l), dialectName, variables, options).sql()))
                .toList());
        // The hashes too, in parallel: hashing every file one after the other was a single-threaded
        // pass over all the SQL (issue 18.5).
        List<SqlPackage.ManifestFile> listed = IntStream.range(0, files.size()).parallel()
                .mapToObj(i -> {
                    SqlPackage.File f = files.get(i);
                    return new SqlPackage.ManifestFile(i + 1, f.path(), f.kind(), f.object(), sha256(f.content()));
                })
                .toList();
        return new SqlPackage(files, new SqlPackage.Manifest(SqlPackage.Manifest.FORMAT, document.name(), version,
                dialectName, environment == null || environment.isBlank() ? null : environment, listed));
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

    /**
     * Writes the zip to {@code target} as it is built, so that no copy of the whole zip is held
     * (issue 18.5): the HTTP response and the command line's file get the same bytes as
     * {@link #zip}. The package is already generated, so a load that cannot generate has failed
     * before this writes anything. {@code target} is flushed, not closed (its owner closes it).
     */
    public void writeZip(SqlPackage sqlPackage, OutputStream target) throws IOException {
        OutputStream unclosed = new FilterOutputStream(target) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
            }

            @Override
            public void close() throws IOException {
                flush();
            }
        };
        try (ZipOutputStream zip = new ZipOutputStream(new BufferedOutputStream(unclosed, 1 << 16), StandardCharsets.UTF_8)) {
            // Fastest deflate: SQL compresses well at any level, and the export spent a fifth of its time here.
            zip.setLevel(Deflater.BEST_SPEED);
            entry(zip, "manifest.json", manifest(sqlPackage));
            for (SqlPackage.File file : sqlPackage.files()) {
                entry(zip, file.path(), file.content());
            }
        }
    }

    public static String manifest(SqlPackage sqlPackage) {
        return CanonicalJson.write(sqlPackage.manifest());
    }

    private static void entry(ZipOutputStream zip, String path, String content) throws IOException {
        ZipEntry entry = new ZipEntry(path);
        entry.setTimeLocal(ZIP_TIME);
        zip.putNextEntry(entry);
        zip.write(content.getBytes(StandardCharsets.UTF_8));
        zip.closeEntry();
    }

    public static String sha256(String content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(content.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
