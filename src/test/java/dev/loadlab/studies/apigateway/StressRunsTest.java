package dev.loadlab.studies.apigateway;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loadlab.report.Fixtures;
import dev.loadlab.report.read.GatlingLog;
import dev.loadlab.report.read.JmeterResults;
import dev.loadlab.report.read.Parts;
import dev.loadlab.settings.Settings;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Where the stress runs stopped, from real runs against a target that answers 503 beyond two requests in flight
 * (errors/gatling-stress: ApiGatewaySimulation's stress shape at 10, 20, 40, 80, 160 requests/s; errors/jmeter-stress:
 * api-gateway-stress.jmx stepping to 2, 4, 6, 8 threads).
 */
class StressRunsTest {
    /** The stop rules at their catalogue defaults (10 % for both tools, JMeter's top step 32 threads). */
    private static final StressRuns.Limits DEFAULTS = StressRuns.Limits.from(Settings.of(Map.of()));

    /** Where each run stopped, as the study's reader put it into the summary's figures. */
    private static List<StressStop> stops(StressRuns reader, Parts parts) {
        reader.finish(parts);
        return new ObjectMapper()
                .convertValue(parts.figures.get(ApiGatewayStudy.NAME), StressRuns.Figures.class)
                .stressStops();
    }

    @Test
    void shouldShowTheStepAtWhichAGatlingStressRunStoppedByItsErrorRule() throws IOException {
        Parts parts = new Parts();
        GatlingLog log = GatlingLog.read(Fixtures.path("errors/gatling-stress/simulation.log"));
        StressRuns reader = new StressRuns(DEFAULTS);
        reader.read("HTTP/1.1", null, log, parts);

        StressStop stop = stops(reader, parts).get(0);
        assertEquals("requests/s", stop.unit());
        assertEquals(
                List.of(10, 20, 40), stop.steps().stream().map(StressStep::step).toList());
        assertEquals(40, stop.lastStep());
        assertEquals(160, stop.topStep());
        assertEquals(StressRuns.ERROR_LIMIT, stop.ending());
        assertEquals(30.0, stop.lastStepErrorPct(), 0.001);
        assertEquals(Map.of("HTTP 503", 6L), stop.lastStepErrorsByKind());
        assertEquals(10.0, stop.limitPct());
    }

    @Test
    void shouldShowTheThreadCountAtWhichAJmeterStressRunStoppedWithItsErrorsByKindPerStep() throws IOException {
        Parts parts = new Parts();
        StressRuns reader = new StressRuns(new StressRuns.Limits(10, 10, 8));
        JmeterResults.read(
                "HTTP/1.1", Fixtures.path("errors/jmeter-stress/api-gateway-stress.csv"), parts, List.of(reader));

        StressStop stop = stops(reader, parts).get(0);
        assertEquals("threads", stop.unit());
        assertEquals(4, stop.lastStep());
        assertEquals(8, stop.topStep());
        assertEquals(StressRuns.ERROR_LIMIT, stop.ending());
        assertTrue(stop.lastStepErrorPct() > 50, "most of the 4-thread step was refused with 503");
        // the stop itself aborted one request in flight ("RequestAbortedException: Request aborted"): other
        assertEquals(Map.of("HTTP 503", 14L, "other", 1L), stop.lastStepErrorsByKind());
        StressStep first = stop.steps().get(0);
        assertEquals(Map.of(), first.errorsByKind(), "the 2-thread step had no error");
        assertEquals(
                parts.rows.get(0).samples(),
                stop.steps().stream().mapToLong(StressStep::samples).sum(),
                "every sample is in one step");
    }

    @Test
    void shouldTellARunThatReachedItsTopStepFromOneThatEndedEarly() {
        StressRuns.Steps steps = new StressRuns.Steps();
        for (int i = 0; i < 100; i++) {
            steps.add(100, null, null);
            steps.add(200, i < 5 ? "timeout" : null, "Request timeout to x after 60000 ms");
        }
        assertEquals(
                StressRuns.TOP_STEP,
                steps.build("gatling", "h2", "ApiGatewaySimulation", "requests/s", 200, 10)
                        .ending());
        assertEquals(
                StressRuns.ENDED_EARLY,
                steps.build("gatling", "h2", "ApiGatewaySimulation", "requests/s", 800, 10)
                        .ending());
        assertEquals(
                StressRuns.ERROR_LIMIT,
                steps.build("gatling", "h2", "ApiGatewaySimulation", "requests/s", 800, 4.9)
                        .ending());
    }

    @Test
    void shouldCountAJmeterSampleInTheHighestThreadCountSeenSoFarAsThreadsWindDown() {
        StressRuns.ThreadSteps steps = new StressRuns.ThreadSteps();
        assertEquals(
                List.of(1, 2, 2, 4, 4, 4),
                List.of(
                        steps.stepOf(1),
                        steps.stepOf(2),
                        steps.stepOf(1),
                        steps.stepOf(4),
                        steps.stepOf(3),
                        steps.stepOf(1)));
    }
}
