package io.loadsmith.export;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The SQL of a package version for one dialect: the files in the order to run them, and the
 * manifest that describes them.
 */
public record SqlPackage(List<File> files, Manifest manifest) {

    public SqlPackage {
        files = List.copyOf(files);
    }

    /** One file of the package; kind is "ddl" or "load"; object is the entity's or load's name as stored. */
    public record File(String path, String kind, String object, String content) {

        public static File ddl(String entity, String content) {
            return new File("ddl/" + fileName(entity) + ".sql", "ddl", entity, content);
        }

        public static File load(String load, String content) {
            return new File("loads/" + fileName(load) + ".sql", "load", load, content);
        }
    }

    /**
     * A name as one file name, safe to unzip anywhere: no path separator, no {@code ..}, no leading
     * dot, no control character or character Windows refuses. Those (and {@code %}) are written as
     * {@code %XX} of their UTF-8 bytes, so distinct names stay distinct; ordinary names are unchanged.
     */
    public static String fileName(String name) {
        if (name == null || name.isEmpty()) {
            return "%00";
        }
        StringBuilder out = new StringBuilder(name.length());
        for (int i = 0; i < name.length(); ) {
            int c = name.codePointAt(i);
            boolean dotRun = c == '.' && (i == 0 || name.charAt(i - 1) == '.'
                    || (i + 1 < name.length() && name.charAt(i + 1) == '.'));
            if (dotRun || c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == 0x2028 || c == 0x2029
                    || "%/\\:*?\"<>|".indexOf(c) >= 0) {
                for (byte b : new String(Character.toChars(c)).getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
                    out.append('%').append(String.format("%02X", b & 0xff));
                }
            } else {
                out.appendCodePoint(c);
            }
            i += Character.charCount(c);
        }
        return out.toString();
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonPropertyOrder({"format", "package", "version", "dialect", "environment", "files"})
    public record Manifest(String format, @com.fasterxml.jackson.annotation.JsonProperty("package") String packageName,
                           String version, String dialect, String environment, List<ManifestFile> files) {

        public static final String FORMAT = "loadsmith-sql-package/1";
    }

    /** A file as the manifest lists it; {@code order} is its place in the run order, from 1. */
    @JsonPropertyOrder({"order", "path", "kind", "object", "sha256"})
    public record ManifestFile(int order, String path, String kind, String object, String sha256) {
    }
}
