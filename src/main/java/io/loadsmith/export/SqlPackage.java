package io.loadsmith.export;

import java.util.List;

import io.loadsmith.names.Names;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The SQL of a package version for one dialect: the files in the order to run them, and the
 * manifest that describes them.
 */
public record SqlPackage(List<File> files, Manifest manifest) {

    public SqlPackage {
        files = List.copyOf(files);
    }

    /** One file of the package; kind is "ddl", "check" or "load"; object is the entity's or load's name as stored (none for the checks). */
    public record File(String path, String kind, String object, String content) {

        public static File ddl(String entity, String content) {
            return new File("ddl/" + Names.fileName(entity) + ".sql", "ddl", entity, content);
        }

        public static File load(String load, String content) {
            return new File("loads/" + Names.fileName(load) + ".sql", "load", load, content);
        }

        /**
         * The run's checks (rule 17 for the whole run): every load's checks that must pass before the run's
         * first write, each as its load runs it; no object of its own.
         */
        public static File checks(String content) {
            return new File("checks/conflicts.sql", "check", null, content);
        }
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"format", "package", "version", "dialect", "environment", "files"})
    public record Manifest(String format, @JsonProperty("package") String packageName,
                           String version, String dialect, String environment, List<ManifestFile> files) {

        public static final String FORMAT = "loadsmith-sql-package/1";
    }

    /** A file as the manifest lists it; {@code order} is its place in the run order, from 1. */
    @JsonPropertyOrder({"order", "path", "kind", "object", "sha256"})
    public record ManifestFile(int order, String path, String kind, String object, String sha256) {
    }
}
