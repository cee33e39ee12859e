package dev.loadlab.studies.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.report.read.Parts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** wrk's own output, as it prints it here (Debian's wrk 4), read into the calibration's rows. */
class WrkOutputTest {
    private static final Path OUTSIDE = Path.of("src/test/resources/dev/loadlab/report/outside");

    @Test
    void shouldReadWrksWindowWithItsPercentilesInWholeMilliseconds() throws Exception {
        CalibrationResults.Window w = WrkOutput.wrk(Files.readString(OUTSIDE.resolve("wrk-fast.txt")), "fast");

        assertEquals("wrk", w.tool());
        assertEquals("fast", w.route());
        assertEquals(643, w.samples());
        assertEquals(641.43, w.throughputPerSec(), 1e-9);
        assertEquals(3, w.p50Ms()); // 2.91ms
        assertEquals(10, w.p99Ms()); // 10.24ms
        assertEquals(0, w.errorPct());
    }

    @Test
    void shouldNameAnUnreadableOutputAndGoOn(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("wrk-held.txt"), "unable to connect to 127.0.0.1:1 Connection refused\n");
        Parts parts = new Parts();

        assertEquals(List.of(), WrkOutput.windows(dir, parts));
        assertEquals(1, parts.missing.size());
        assertTrue(parts.missing.get(0).contains("wrk-held.txt"), parts.missing.get(0));
    }
}
