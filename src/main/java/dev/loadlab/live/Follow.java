package dev.loadlab.live;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A file a tool is still writing, read as {@code tail -f} reads it: at its end a read waits for more, until
 * {@link #finish()} is called, after which what is left is read and then the end is the end. The file may not exist
 * yet when reading starts.
 */
final class Follow extends InputStream {
    static final long POLL_MS = 100;

    private final Path file;
    private final ByteBuffer one = ByteBuffer.allocate(1);
    private FileChannel channel;
    private volatile boolean finishing;

    Follow(Path file) {
        this.file = file;
    }

    /** The writer is done: reads return what is left, then the end. */
    void finish() {
        finishing = true;
    }

    @Override
    public int read() throws IOException {
        one.clear();
        int n = read(one);
        return n < 0 ? -1 : one.get(0) & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        return len == 0 ? 0 : read(ByteBuffer.wrap(b, off, len));
    }

    private int read(ByteBuffer into) throws IOException {
        while (true) {
            boolean last = finishing; // read once more after the writer is done: what it wrote before is there
            if (open()) {
                int n = channel.read(into);
                if (n > 0) {
                    return n;
                }
            }
            if (last) {
                return -1;
            }
            try {
                Thread.sleep(POLL_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return -1;
            }
        }
    }

    private boolean open() throws IOException {
        if (channel == null && Files.exists(file)) {
            try {
                channel = FileChannel.open(file, StandardOpenOption.READ);
            } catch (NoSuchFileException gone) {
                return false;
            }
        }
        return channel != null;
    }

    @Override
    public void close() throws IOException {
        if (channel != null) {
            channel.close();
        }
    }
}
