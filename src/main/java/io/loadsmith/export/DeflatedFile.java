package io.loadsmith.export;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * One file of the SQL package as the zip stores it: its raw deflate bytes, CRC-32, size and SHA-256,
 * computed by the worker that generated it (issue 18.5). The export then holds about a tenth of
 * the SQL's size instead of the SQL itself, and the zip's writer only copies bytes.
 * The deflate is the one {@link java.util.zip.ZipOutputStream} does at {@link Deflater#BEST_SPEED}
 * (raw deflate, all the input then finish, a reset deflater: {@link Deflaters}), so the zip's bytes
 * are the same as when it deflated them.
 */
record DeflatedFile(String path, String kind, String object, String sha256, long crc, long size, byte[] deflated) {

    static DeflatedFile of(SqlPackage.File file, Deflaters deflaters) {
        return of(file.path(), file.kind(), file.object(), file.content(), deflaters);
    }

    static DeflatedFile of(String path, String kind, String object, String content, Deflaters deflaters) {
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        CRC32 crc = new CRC32();
        crc.update(bytes);
        Deflater deflater = deflaters.take();
        try {
            return new DeflatedFile(path, kind, object, sha256(bytes), crc.getValue(), bytes.length,
                    deflate(deflater, bytes));
        } finally {
            deflaters.give(deflater);
        }
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] deflate(Deflater deflater, byte[] bytes) {
        deflater.setInput(bytes);
        deflater.finish();
        // SQL deflates to well under half; grown if a file does not.
        byte[] out = new byte[Math.max(64, bytes.length / 2)];
        int length = 0;
        while (!deflater.finished()) {
            if (length == out.length) {
                out = Arrays.copyOf(out, out.length * 2);
            }
            length += deflater.deflate(out, length, out.length - length);
        }
        return Arrays.copyOf(out, length);
    }
}
