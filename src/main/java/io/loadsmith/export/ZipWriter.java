package io.loadsmith.export;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a zip of entries deflated beforehand ({@link DeflatedFile}): java.util.zip cannot take
 * compressed bytes, and deflating on the one writing thread was a fifth of the export (issue 18.5).
 * It lays the entries out as {@link java.util.zip.ZipOutputStream} does with UTF-8 names and the
 * fixed time of 2000-01-01 00:00, so the package keeps its bytes: a local header whose sizes follow
 * the data in a descriptor (flags 0x0808), the central directory, and the zip64 end records once
 * there are 65,535 entries or more (ZipWriterTest holds the two to the same bytes).
 * Sizes and offsets past 4 GB (zip64 in every header) are refused rather than written differently.
 */
final class ZipWriter {

    /** 2000-01-01 00:00 as an MS-DOS date and time. */
    private static final int DOS_TIME = (2000 - 1980) << 25 | 1 << 21 | 1 << 16;
    private static final int VERSION = 20;
    private static final int ZIP64_VERSION = 45;
    private static final int FLAGS = 0x0808;
    private static final int DEFLATED = 8;
    private static final long MAX_32 = 0xFFFFFFFFL;
    private static final int MAX_COUNT = 0xFFFF;

    private final OutputStream out;
    private final byte[] header = new byte[64];
    private final List<long[]> central = new ArrayList<>();
    private final List<byte[]> names = new ArrayList<>();
    private long written;

    ZipWriter(OutputStream out) {
        this.out = out;
    }

    void entry(DeflatedFile file) throws IOException {
        byte[] name = file.path().getBytes(StandardCharsets.UTF_8);
        if (written >= MAX_32 || file.size() >= MAX_32 || file.deflated().length >= MAX_32) {
            throw new IOException("SQL package over 4 GB: " + file.path());
        }
        names.add(name);
        central.add(new long[] {file.crc(), file.deflated().length, file.size(), written});
        int n = 0;
        n = int32(n, 0x04034b50);
        n = versionToTime(n);
        n = int32(n, 0);
        n = int32(n, 0);
        n = int32(n, 0);
        n = int16(n, name.length);
        n = int16(n, 0);
        write(header, n);
        write(name, name.length);
        write(file.deflated(), file.deflated().length);
        n = 0;
        n = int32(n, 0x08074b50);
        n = int32(n, (int) file.crc());
        n = int32(n, file.deflated().length);
        n = int32(n, (int) file.size());
        write(header, n);
    }

    /** The central directory and the end records; the target is flushed, not closed. */
    void finish() throws IOException {
        long offset = written;
        for (int i = 0; i < central.size(); i++) {
            long[] e = central.get(i);
            byte[] name = names.get(i);
            int n = 0;
            n = int32(n, 0x02014b50);
            n = int16(n, VERSION);
            n = versionToTime(n);
            n = int32(n, (int) e[0]);
            n = int32(n, (int) e[1]);
            n = int32(n, (int) e[2]);
            n = int16(n, name.length);
            n = int16(n, 0);
            n = int16(n, 0);
            n = int16(n, 0);
            n = int16(n, 0);
            n = int32(n, 0);
            n = int32(n, (int) e[3]);
            write(header, n);
            write(name, name.length);
        }
        long length = written - offset;
        if (offset >= MAX_32 || length >= MAX_32) {
            throw new IOException("SQL package over 4 GB");
        }
        int count = central.size();
        if (count >= MAX_COUNT) {
            long end64 = written;
            int n = 0;
            n = int32(n, 0x06064b50);
            n = int64(n, 56 - 12);
            n = int16(n, ZIP64_VERSION);
            n = int16(n, ZIP64_VERSION);
            n = int32(n, 0);
            n = int32(n, 0);
            n = int64(n, count);
            n = int64(n, count);
            n = int64(n, length);
            n = int64(n, offset);
            write(header, n);
            n = 0;
            n = int32(n, 0x07064b50);
            n = int32(n, 0);
            n = int64(n, end64);
            n = int32(n, 1);
            write(header, n);
            count = MAX_COUNT;
        }
        int n = 0;
        n = int32(n, 0x06054b50);
        n = int16(n, 0);
        n = int16(n, 0);
        n = int16(n, count);
        n = int16(n, count);
        n = int32(n, (int) length);
        n = int32(n, (int) offset);
        n = int16(n, 0);
        write(header, n);
        out.flush();
    }

    /** Version needed, flags, method and time: the same in the local header and the central directory. */
    private int versionToTime(int at) {
        return int32(int16(int16(int16(at, VERSION), FLAGS), DEFLATED), DOS_TIME);
    }

    private void write(byte[] bytes, int length) throws IOException {
        out.write(bytes, 0, length);
        written += length;
    }

    private int int16(int at, int v) {
        header[at] = (byte) v;
        header[at + 1] = (byte) (v >>> 8);
        return at + 2;
    }

    private int int32(int at, int v) {
        return int16(int16(at, v), v >>> 16);
    }

    private int int64(int at, long v) {
        return int32(int32(at, (int) v), (int) (v >>> 32));
    }
}
