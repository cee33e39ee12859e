package dev.loadlab.report.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.report.model.Summary;
import dev.loadlab.report.model.TestRows;
import dev.loadlab.report.model.TestSummaries;
import dev.loadlab.report.read.JmeterResults;
import dev.loadlab.studies.Studies;
import dev.loadlab.studies.calibration.CalibrationRow;
import dev.loadlab.studies.calibration.CalibrationStudy;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A run against a baseline: each figure better, worse or within the noise the runs themselves show. */
class ChangesTest {
    private static Summary summary(double throughput, long p95, long p99, double errorPct, Double serverThroughput) {
        Summary.Row row = TestRows.row("jmeter", "h2", "api-gateway", JmeterResults.ALL_SAMPLES)
                .samples(1000)
                .latency(5, 1, 50, 2)
                .errorPct(errorPct)
                .throughput(throughput)
                .percentiles(4, 6, 8, p95, p99)
                .build();
        Summary.Row label = TestRows.row("jmeter", "h2", "api-gateway", "get users")
                .samples(1000)
                .latency(5, 1, 50, 2)
                .throughput(1)
                .percentiles(4, 6, 8, 1, 1)
                .build();
        List<CalibrationRow> calibration = serverThroughput == null
                ? List.of()
                : List.of(
                        new CalibrationRow(
                                "fast",
                                "jmeter",
                                "h2",
                                100,
                                0,
                                100,
                                1,
                                2,
                                100L,
                                serverThroughput,
                                0.02,
                                0.5,
                                null,
                                null,
                                null,
                                null),
                        new CalibrationRow(
                                "held", "jmeter", "h2", 100, 0, 100, 101, 108, 100L, 100.0, 100.5, 104.0, 100, null,
                                null, null));
        return TestSummaries.of(List.of(row, label))
                .figures("calibration", new CalibrationStudy.Figures(calibration))
                .build();
    }

    private static Map<String, Changes.Verdict> verdicts(List<Changes.Change> changes) {
        return changes.stream()
                .collect(java.util.stream.Collectors.toMap(Changes.Change::figure, Changes.Change::verdict));
    }

    @Test
    void shouldMarkEachFigureOfEachWholeRunBetterWorseOrWithinTheFloorsWithoutCalibration() {
        Summary before = summary(100, 100, 100, 0, null);
        Summary now = summary(120, 105, 150, 1, null);
        Changes.Noise noise = Studies.noise(before, now);

        List<Changes.Change> changes = Changes.of(before, now, noise);

        assertEquals(4, changes.size(), "the whole run's four figures; a label's rows are left to the tables");
        assertEquals(
                Map.of(
                        "throughput/s", Changes.Verdict.BETTER,
                        "p95 ms", Changes.Verdict.NOISE,
                        "p99 ms", Changes.Verdict.WORSE,
                        "error %", Changes.Verdict.WORSE),
                verdicts(changes));
        assertEquals(Changes.Verdict.WORSE, changes.get(0).verdict(), "worse first");
        String md = Changes.markdown("monday", "tuesday", noise, changes);
        assertTrue(md.startsWith("### loadlab: tuesday against monday\n\n2 worse, 1 better, 1 within noise"), md);
        assertTrue(
                md.contains("| api-gateway | jmeter | h2 | api-gateway | p99 ms | 100 | 150 | +50.0 % | **worse** |"),
                md);
    }

    @Test
    void shouldWidenTheNoiseToWhatTheCalibrationShowedOfTheToolsAgainstTheServer() {
        Summary before = summary(100, 100, 100, 0, 75.0); // the tool stood 33 % off the server's throughput
        Summary now = summary(120, 105, 150, 0, 100.0);
        Changes.Noise noise = Studies.noise(before, now);

        assertEquals(100.0 / 3, noise.throughputPct(), 1e-9);
        assertEquals(Changes.LATENCY_FLOOR_PCT, noise.latencyPct(), 1e-9, "the held route's p99 stood 4 % off");
        assertEquals(
                Changes.Verdict.NOISE, verdicts(Changes.of(before, now, noise)).get("throughput/s"));
    }
}
