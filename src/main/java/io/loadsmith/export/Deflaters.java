package io.loadsmith.export;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.zip.Deflater;

/**
 * The deflaters of one export, reused from file to file as ZipOutputStream reuses its one: a new
 * Deflater per file allocated and cleared zlib's quarter of a megabyte each time, which made
 * deflating 50,000 files on the workers several times slower than one deflater on one thread
 * (issue 18.5). A reset deflater writes the same bytes as a new one. As many as there are workers
 * at once; all are ended when the export closes them.
 */
final class Deflaters implements AutoCloseable {

    private final ConcurrentLinkedQueue<Deflater> idle = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<Deflater> all = new ConcurrentLinkedQueue<>();

    /** The fastest level: SQL compresses well at any level, and deflating was a fifth of the export. */
    Deflater take() {
        Deflater deflater = idle.poll();
        if (deflater == null) {
            deflater = new Deflater(Deflater.BEST_SPEED, true);
            all.add(deflater);
        }
        return deflater;
    }

    void give(Deflater deflater) {
        deflater.reset();
        idle.add(deflater);
    }

    @Override
    public void close() {
        all.forEach(Deflater::end);
    }
}
