package io.loadsmith.exchange;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipInputStream;

import io.loadsmith.exchange.InvalidPackageException.Problem;

/**
 * The package files of a zip: its {@code .json} entries (folders and other files are passed over),
 * each by its name. Bounded, because the zip comes from outside: the count of files and the bytes
 * they unpack to (together) are limited, whatever the zip's own headers claim.
 */
final class ZipPackages {

    private ZipPackages() {
    }

    static List<AdeConfigPackages.Input> files(byte[] zip, int maxBytes, int maxFiles) {
        List<AdeConfigPackages.Input> files = new ArrayList<>();
        long total = 0;
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip))) {
            ZipEntry entry;
            byte[] buffer = new byte[8192];
            while ((entry = in.getNextEntry()) != null) {
                String name = entry.getName();
                if (entry.isDirectory() || name.startsWith("__MACOSX/") || !name.toLowerCase(Locale.ROOT).endsWith(".json")) {
                    continue;
                }
                if (files.size() == maxFiles) {
                    throw refused("holds more than " + maxFiles + " package files");
                }
                ByteArrayOutputStream out = new ByteArrayOutputStream();
                int read;
                while ((read = in.read(buffer)) > 0) {
                    total += read;
                    if (total > maxBytes) {
                        throw refused("unpacks to more than " + maxBytes + " bytes");
                    }
                    out.write(buffer, 0, read);
                }
                files.add(new AdeConfigPackages.Input(name, out.toByteArray()));
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

    private static InvalidPackageException refused(String what) {
        return new InvalidPackageException(List.of(new Problem("$", "the zip " + what)));
    }
}
