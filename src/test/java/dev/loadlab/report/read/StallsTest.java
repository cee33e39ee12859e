package dev.loadlab.report.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.report.model.RunStalls;
import dev.loadlab.report.model.Stall;
import dev.loadlab.report.model.TimeBucket;
import dev.loadlab.report.model.Timeline;
import dev.loadlab.shared.StallMeter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The stall files read back: whose JVM each was, and how late it woke in the seconds of a window. */
class StallsTest {
    private static String second(long epochSecond, long maxMicros, String buckets) {
        return epochSecond + "\t" + maxMicros + "\t" + buckets;
    }

    @Test
    void shouldTellEachLoadGeneratorByWhatItsJvmRan() {
        assertEquals("jmeter", Stalls.toolOf("/w/target/jmeter/bin/ApacheJMeter-5.6.3.jar -n -t plan.jmx in /w"));
        assertEquals("jmeter", Stalls.toolOf("org.apache.jmeter.NewDriver -n in /w"));
        assertEquals("gatling", Stalls.toolOf("io.gatling.app.Gatling -s x in /home/me/jmeter-plans"));
        assertEquals(
                "gatling", Stalls.toolOf("/tmp/gatlingbooter112578.jar io.gatling.app.Gatling in /home/me/jmeter"));
        assertEquals("other", Stalls.toolOf("dev.loadlab.steps.control.ServerControl up in /home/me/gatling-tests"));
    }

    @Test
    void shouldGiveTheLatenessOfTheWindowsSecondsOnlyByNearestRank(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir);
        int late = StallMeter.bucket(30_000); // 30 ms: bucket up to 31 ms
        Files.write(
                dir.resolve("4711.tsv"),
                List.of(
                        "# io.gatling.app.Gatling in /w",
                        second(100, 900, "0:1000"),
                        second(101, 30_500, "0:960 " + late + ":40"),
                        second(102, 400, "0:1000"),
                        second(103, 90_000, "0:10 " + StallMeter.bucket(90_000) + ":990")));
        Stalls stalls = Stalls.read(dir);

        Stall window = stalls.of("gatling", 100_000, 102_500).orElseThrow();
        assertEquals(3, window.seconds());
        assertEquals(0.1, window.p50Ms()); // the first bucket: under 0.1 ms late
        assertEquals(30.5, window.p99Ms()); // 40 of 3,000 wake-ups: p99's rank falls in the 30 ms bucket, capped by max
        assertEquals(30.5, window.maxMs());
        assertTrue(stalls.of("jmeter", 100_000, 102_500).isEmpty(), "no JMeter JVM measured then");
        assertTrue(stalls.of("gatling", 200_000, 300_000).isEmpty(), "nor Gatling's at another time");
    }

    @Test
    void shouldGiveEachRunItsToolsAndTheTargetServersStalls(@TempDir Path dir) throws Exception {
        Files.write(
                dir.resolve("9.tsv"),
                List.of(
                        "# /t/ApacheJMeter.jar -n in /w",
                        second(50, 2_000, "0:500 19:500"),
                        second(51, 100, "0:1000")));
        Files.write(
                dir.resolve("server-reference-server.tsv"),
                List.of("# server dev.loadlab.server.ReferenceServer", second(50, 300, "0:1000")));
        Files.write(dir.resolve("server-gateway-upstream.tsv"), List.of("# server", second(50, 99_000, "0:1000")));
        Timeline run = new Timeline(
                "jmeter",
                "HTTP/2 (TLS)",
                "calibration",
                50_000,
                1,
                Collections.nCopies(2, new TimeBucket(0, 1, 0, Map.of(), 1L, 1L, 1L)));

        List<RunStalls> runs = Stalls.read(dir).ofRuns(List.of(run));

        assertEquals(1, runs.size());
        assertEquals(2.0, runs.get(0).generator().maxMs());
        assertEquals(2.0, runs.get(0).generator().p99Ms());
        assertEquals(0.3, runs.get(0).server().maxMs(), "the target's server, not the gateway's upstream");
    }
}
