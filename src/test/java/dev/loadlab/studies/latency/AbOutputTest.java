package dev.loadlab.studies.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.report.model.Times;
import dev.loadlab.report.read.Parts;
import dev.loadlab.studies.latency.LatencyStudy.AbRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ab's own output, as it prints it here (Debian's apache2-utils 2.3), read into the report. */
class AbOutputTest {
    private static final Path OUTSIDE = Path.of("src/test/resources/dev/loadlab/report/outside");

    @Test
    void shouldReadAbsOwnSummaryLineByLine() throws Exception {
        AbRun ab = AbOutput.ab(Files.readString(OUTSIDE.resolve("ab.txt")), false, "HTTP/1.1", 1);

        assertEquals("ab -c 2 -n 50", ab.label());
        assertEquals("ab", ab.tool());
        assertEquals(50, ab.completeRequests());
        assertEquals(0, ab.failedRequests());
        assertEquals(782.22, ab.requestsPerSecond(), 1e-9);
        assertEquals(2.557, ab.timePerRequestMs(), 1e-9);
        assertEquals(1.278, ab.timePerRequestAcrossMs(), 1e-9);
        assertEquals(new Times(0, 2, 2.7, 1, 14), ab.times().get("total"));
        assertEquals(
                List.of("connect", "processing", "waiting", "total"),
                List.copyOf(ab.times().keySet()));
        assertEquals(14L, ab.servedWithinMs().get("100%"));
        assertEquals(8L, ab.documentLengthBytes());
    }

    @Test
    void shouldPairAbAndAbKeepAliveLikeTheTools() throws Exception {
        AbRun plain = AbOutput.ab(Files.readString(OUTSIDE.resolve("ab.txt")), false, "HTTP/1.1", 1);
        AbRun keepAlive = AbOutput.ab(Files.readString(OUTSIDE.resolve("ab-k.txt")), true, "HTTP/1.1", 1);

        assertEquals("ab -k -c 2 -n 50", keepAlive.label());
        assertTrue(keepAlive.keepAlive());
        assertEquals(plain.pairKey(), keepAlive.pairKey());
    }

    @Test
    void shouldReadEveryAbRunOfEveryWireAndRepeatInTheOrderTheyRan(@TempDir Path dir) throws Exception {
        String plain = Files.readString(OUTSIDE.resolve("ab.txt"));
        String keepAlive = Files.readString(OUTSIDE.resolve("ab-k.txt"));
        long at = 1_000_000;
        for (String file : List.of(
                "ab-http1-c2-n50.txt",
                "ab-http1-c2-n50-repeat2.txt",
                "ab-http1-k-c2-n50.txt",
                "ab-http1-tls-c2-n50.txt")) {
            Path written = Files.writeString(dir.resolve(file), file.contains("-k-") ? keepAlive : plain);
            written.toFile().setLastModified(at += 1000);
        }
        Files.writeString(dir.resolve("wrk-fast.txt"), "not ab's");
        List<AbRun> runs = AbOutput.read(dir, new Parts());

        assertEquals(
                List.of(
                        "HTTP/1.1 ab -c 2 -n 50",
                        "HTTP/1.1 ab -c 2 -n 50 repeat=2",
                        "HTTP/1.1 ab -k -c 2 -n 50",
                        "HTTP/1.1 over TLS ab -c 2 -n 50"),
                runs.stream().map(r -> r.protocol() + " " + r.label()).toList());
    }
}
