package dev.loadlab.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A results file read as the tool writes it: waiting for the file, for more, and reading the rest at the end. */
class FollowTest {
    @TempDir
    Path dir;

    @Test
    void shouldReadRecordsWrittenAfterReadingStartedUntilTheWriterIsDone() throws Exception {
        Path csv = dir.resolve("run.csv");
        Follow follow = new Follow(csv);
        List<List<String>> read = new ArrayList<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(follow, StandardCharsets.UTF_8))) {
                CsvRecords records = new CsvRecords(in);
                for (List<String> r = records.next(); r != null; r = records.next()) {
                    synchronized (read) {
                        read.add(r);
                    }
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        reader.start();
        Thread.sleep(3 * Follow.POLL_MS); // the file does not exist yet
        Files.writeString(csv, "timeStamp,label\n1,\"a, \"\"quoted\"\"\nlabel\"\n2,b");
        awaitRecords(read, 2); // the header and the first record
        Thread.sleep(3 * Follow.POLL_MS);
        synchronized (read) {
            assertEquals(2, read.size()); // the second has no line break yet
            assertEquals(List.of("1", "a, \"quoted\"\nlabel"), read.get(1));
        }
        Files.writeString(csv, "\n3,c", StandardOpenOption.APPEND); // the last record is cut short
        follow.finish();
        reader.join(5_000);
        assertEquals(3, read.size());
        assertEquals(List.of("2", "b"), read.get(2));
    }

    private static void awaitRecords(List<List<String>> read, int count) throws InterruptedException {
        for (int i = 0; i < 100; i++) {
            synchronized (read) {
                if (read.size() >= count) {
                    return;
                }
            }
            Thread.sleep(Follow.POLL_MS);
        }
    }

    @Test
    void shouldEndAtOnceWhenTheWriterIsDoneAndNoFileCame() throws Exception {
        Follow follow = new Follow(dir.resolve("never.csv"));
        follow.finish();
        assertNull(new CsvRecords(new InputStreamReader(follow, StandardCharsets.UTF_8)).next());
    }
}
