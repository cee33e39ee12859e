package dev.loadlab.report.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.report.Fixtures;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.model.TimeBucket;
import dev.loadlab.report.model.Timeline;
import dev.loadlab.settings.Settings;
import dev.loadlab.studies.apigateway.StressRuns;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Errors counted in the window where they happened: real runs of both tools against a target that was down for about
 * 4 s in the middle of the run and came back (errors/gatling-outage, errors/jmeter-outage).
 */
class ErrorsOverTimeTest {

    @Test
    void shouldCountAGatlingOutageInTheSecondsItLastedAndNoneBeforeOrAfter() throws IOException {
        Parts parts = new Parts();
        GatlingLog log = GatlingLog.read(Fixtures.path("errors/gatling-outage/simulation.log"));
        GatlingResults.timelineInto("HTTP/1.1", "OutageSimulation", log, parts);

        Timeline t = parts.timelines.get(0);
        assertEquals(1, t.bucketSeconds());
        assertEquals(80, t.errors());
        assertEquals(280, t.buckets().stream().mapToLong(TimeBucket::samples).sum());
        List<Long> failing = t.buckets().stream()
                .filter(b -> b.errors() > 0)
                .map(TimeBucket::fromSecond)
                .toList();
        long first = failing.get(0);
        long last = failing.get(failing.size() - 1);
        assertTrue(first >= 3 && last - first <= 5, "one window of about 4 s: " + failing);
        assertEquals(last - first + 1, failing.size(), "no gap inside the outage: " + failing);
        for (TimeBucket b : t.buckets()) {
            if (b.errors() > 0) {
                assertEquals(Map.of("connection refused", b.errors()), b.errorsByKind());
            }
        }
        assertTrue(t.buckets().get(t.buckets().size() - 2).samples() > 0, "the run went on after the target came back");
        StressRuns stress = new StressRuns(StressRuns.Limits.from(Settings.of(Map.of())));
        stress.read("HTTP/1.1", null, log, parts);
        stress.finish(parts);
        assertTrue(parts.figures.isEmpty(), "not a stress run");
    }

    @Test
    void shouldCountAJmeterOutageInTheSecondsItLasted() throws IOException {
        Parts parts = new Parts();
        JmeterResults.read("HTTP/1.1", Fixtures.path("errors/jmeter-outage/api-gateway-stress.csv"), parts, List.of());

        Timeline t = parts.timelines.get(0);
        List<TimeBucket> failing =
                t.buckets().stream().filter(b -> b.errors() > 0).toList();
        long first = failing.get(0).fromSecond();
        long last = failing.get(failing.size() - 1).fromSecond();
        assertTrue(first >= 3 && last - first <= 5, "one window of about 4 s");
        assertEquals(0, t.buckets().get(0).errors());
        assertEquals(0, t.buckets().get(t.buckets().size() - 1).errors());
        Summary.Row all = parts.rows.get(0);
        assertEquals(
                t.errors(),
                all.errorsByKind().values().stream().mapToLong(Long::longValue).sum());
        assertTrue(
                all.errorsByKind().containsKey("connection refused"),
                all.errorsByKind().toString());
        assertTrue(
                all.errorDetails().get("connection refused").keySet().stream()
                        .anyMatch(m -> m.contains("HttpHostConnectException")),
                "the raw message is kept as the detail");
    }

    @Test
    void shouldWidenTheBucketsSoThatARunHasAtMost120() {
        assertEquals(1, RunTimeline.widthFor(1));
        assertEquals(1, RunTimeline.widthFor(120));
        assertEquals(2, RunTimeline.widthFor(121));
        assertEquals(10, RunTimeline.widthFor(15 * 60));
        assertEquals(30, RunTimeline.widthFor(3600));
        assertEquals(7200, RunTimeline.widthFor(240L * 3600));
    }

    @Test
    void shouldGiveEachBucketTheNearestRankPercentilesOfTheSamplesThatStartedInIt() {
        RunTimeline timeline = new RunTimeline("gatling", "h2c", "simulation");
        for (int ms = 1; ms <= 100; ms++) {
            timeline.add(1_000 + ms, ms, null); // second 1: 1..100 ms
        }
        timeline.add(3_000, 7, null); // second 2 has no sample; second 3 one of 7 ms

        List<TimeBucket> buckets = timeline.build().buckets();

        assertEquals(
                List.of(50L, 95L, 99L),
                List.of(
                        buckets.get(0).p50Ms(),
                        buckets.get(0).p95Ms(),
                        buckets.get(0).p99Ms()));
        assertNull(buckets.get(1).p50Ms(), "no sample, no percentile (not a false 0)");
        assertEquals(7L, buckets.get(2).p99Ms());
    }

    @Test
    void shouldKeepEveryBucketFromTheFirstSampleToTheLastEvenWithoutSamples() {
        RunTimeline timeline = new RunTimeline("jmeter", "HTTP/1.1", "plan");
        timeline.add(10_500, 5, null);
        timeline.add(13_200, 300, "timeout");
        timeline.add(13_900, 100, "timeout");

        Timeline t = timeline.build();

        assertEquals(10_000, t.startEpochMs());
        assertEquals(
                List.of(0L, 1L, 2L, 3L),
                t.buckets().stream().map(TimeBucket::fromSecond).toList());
        assertEquals(
                List.of(1L, 0L, 0L, 2L),
                t.buckets().stream().map(TimeBucket::samples).toList());
        assertEquals(Map.of("timeout", 2L), t.buckets().get(3).errorsByKind());
    }
}
