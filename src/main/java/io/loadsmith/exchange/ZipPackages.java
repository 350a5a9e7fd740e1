package io.loadsmith.exchange;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipInputStream;

import io.loadsmith.exchange.InvalidPackageException.Problem;

/**
 * The package files of a zip: its {@code .json} entries (folders and other files are passed over),
 * each by its name, which must be unique. Bounded, because the zip comes from outside: the count of
 * files and the bytes every entry unpacks to (together, the passed-over ones included) are limited,
 * whatever the zip's own headers claim.
 */
final class ZipPackages {

    private ZipPackages() {
    }

    static List<AdeConfigPackages.Input> files(byte[] zip, int maxBytes, int maxFiles) {
        List<AdeConfigPackages.Input> files = new ArrayList<>();
        Set<String> names = new HashSet<>();
        Inflated inflated = new Inflated(maxBytes);
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip))) {
            ZipEntry entry;
            while ((entry = in.getNextEntry()) != null) {
                String name = entry.getName();
                // Two entries of one name would both be imported, and the report could not tell them apart.
                if (!names.add(name)) {
                    throw refused("holds two entries named '" + name + "'; give each file its own name");
                }
                boolean packageFile = !entry.isDirectory() && !name.startsWith("__MACOSX/")
                        && name.toLowerCase(Locale.ROOT).endsWith(".json");
                if (packageFile && files.size() == maxFiles) {
                    throw refused("holds more than " + maxFiles + " package files");
                }
                // Every entry is inflated to its end, also one passed over (getNextEntry would do it
                // unseen): each of its bytes counts toward the limit.
                byte[] bytes = inflated.read(in, packageFile);
                if (packageFile) {
                    files.add(new AdeConfigPackages.Input(name, bytes));
                }
            }
        } catch (ZipException e) {
            throw refused("is not a readable zip file");
        } catch (IOException e) {
            throw refused("could not be read");
        }
        if (files.isEmpty()) {
            throw refused("holds no package file (.json)");
        }
        return files;
    }

    /** The bytes inflated so far, of every entry together, and the most allowed. */
    private static final class Inflated {

        private final int max;
        private final byte[] buffer = new byte[8192];
        private long total;

        Inflated(int max) {
            this.max = max;
        }

        /** The rest of the current entry: kept, or only counted. */
        byte[] read(ZipInputStream in, boolean keep) throws IOException {
            ByteArrayOutputStream out = keep ? new ByteArrayOutputStream() : null;
            int read;
            while ((read = in.read(buffer)) > 0) {
                total += read;
                if (total > max) {
                    throw refused("unpacks to more than " + max + " bytes");
                }
                if (out != null) {
                    out.write(buffer, 0, read);
                }
            }
            return out == null ? null : out.toByteArray();
        }
    }

    private static InvalidPackageException refused(String what) {
        return new InvalidPackageException(List.of(new Problem("$", "the zip " + what)));
    }
}
