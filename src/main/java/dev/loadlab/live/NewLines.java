package dev.loadlab.live;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * A file another JVM appends to, read from where the last reading stopped: whole lines only, since a line being written
 * ends mid-way until its writer's next flush. A file shorter than what was read is a new one of the same name (a new
 * build's run), read from its start.
 */
final class NewLines {
    /** At most this much per reading; the rest comes with the next. */
    private static final int MAX_BYTES = 8 << 20;

    private final Path file;
    private long offset;

    NewLines(Path file) {
        this.file = file;
    }

    Path file() {
        return file;
    }

    /** The lines written since the last call; none where the file cannot be read now (being replaced, or gone). */
    List<String> read() {
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            if (in.length() < offset) {
                offset = 0;
            }
            in.seek(offset);
            byte[] bytes = new byte[(int) Math.min(in.length() - offset, MAX_BYTES)];
            in.readFully(bytes);
            int end = lastNewline(bytes);
            if (end < 0) {
                return List.of();
            }
            offset += end + 1;
            return List.of(new String(bytes, 0, end, StandardCharsets.UTF_8).split("\n", -1));
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    private static int lastNewline(byte[] bytes) {
        for (int i = bytes.length - 1; i >= 0; i--) {
            if (bytes[i] == '\n') {
                return i;
            }
        }
        return -1;
    }
}
