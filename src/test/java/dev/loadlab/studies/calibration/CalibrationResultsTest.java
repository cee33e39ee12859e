package dev.loadlab.studies.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.report.model.Summary;
import dev.loadlab.report.read.Parts;
import dev.loadlab.report.read.Stalls;
import dev.loadlab.settings.Settings;
import dev.loadlab.settings.Wire;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each tool's measured window found by its label and set beside the server's count of its tag. */
class CalibrationResultsTest {
    @TempDir
    Path dir;

    private static Summary.Row row(String tool, String run, String protocol, String scenario, long samples) {
        return new Summary.Row(
                tool, protocol, run, scenario, samples, 101, 100, 120, 1, 0, 97.5, null, null, null, 101, 101, 102, 103,
                105, Map.of(), Map.of(), null);
    }

    private Parts parts() {
        Parts parts = new Parts();
        parts.rows.add(row("gatling", "CalibrationSimulation", Wire.H2.label, "held measured", 300));
        parts.rows.add(row("gatling", "CalibrationSimulation", Wire.H2.label, "held warm-up", 100));
        parts.rows.add(row("jmeter", "calibration", Wire.HTTP1_TLS.label, "fast measured", 9000));
        parts.rows.add(row("jmeter", "api-gateway", Wire.HTTP1_TLS.label, "fast measured", 5));
        return parts;
    }

    @Test
    void shouldSetEachMeasuredWindowBesideTheServersCountOfItsTag() throws Exception {
        Path counts = Files.writeString(dir.resolve("server-counts.json"), """
                {"gatling-h2-held-measured":{"count":300,"firstArrivalMs":1000,"lastAnswerMs":4000,
                 "holdP50Ms":100.4,"holdP99Ms":101.9,"holdMaxMs":102.5},
                 "jmeter-http1-tls-fast-measured":{"count":9001,"firstArrivalMs":0,"lastAnswerMs":3000,
                 "holdP50Ms":0.02,"holdP99Ms":0.5,"holdMaxMs":3}}""");
        Parts parts = parts();

        // the Gatling JVM stalled 40 ms in the second the server saw its held requests (1 to 4 s), then 90 ms after
        Path stallFiles = Files.createDirectories(dir.resolve("stalls"));
        Files.write(
                stallFiles.resolve("7.tsv"),
                List.of("# io.gatling.app.Gatling", "1\t40000\t0:980 130:20", "5\t90000\t200:1000"));
        Files.write(stallFiles.resolve(Stalls.TARGET_SERVER + ".tsv"), List.of("# server", "2\t300\t0:1000"));

        List<CalibrationRow> rows =
                new CalibrationResults(counts, Settings.of(Map.of())).read(parts, List.of(), Stalls.read(stallFiles));

        assertEquals(2, rows.size(), rows.toString());
        CalibrationRow held = rows.get(0);
        assertEquals("held", held.route());
        assertEquals(300L, held.serverCount());
        assertEquals(100.0, held.serverThroughputPerSec(), 1e-9); // 300 answers from 1.000 s to 4.000 s
        assertEquals(100.4, held.serverHoldP50Ms());
        assertEquals(100, held.configuredLatencyMs());
        assertEquals(40.0, held.toolStall().maxMs(), "the tool's stalls of the server's window only");
        assertEquals(0.3, held.serverStall().maxMs());
        CalibrationRow fast = rows.get(1);
        assertEquals(9001L, fast.serverCount());
        assertNull(fast.configuredLatencyMs());
        assertEquals(List.of(), parts.missing);
    }

    @Test
    void shouldKeepTheToolsWindowsAndSayInOneLineWhenTheTargetKeptNoCount() throws Exception {
        Parts parts = parts();

        List<CalibrationRow> rows = new CalibrationResults(dir.resolve("none.json"), Settings.of(Map.of()))
                .read(parts, List.of(), Stalls.read(dir.resolve("no stalls")));

        assertEquals(2, rows.size());
        assertNull(rows.get(0).serverCount());
        assertEquals(1, parts.missing.size());
        assertTrue(parts.missing.get(0).contains("no server counts"), parts.missing.get(0));
    }
}
