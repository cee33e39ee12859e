package dev.loadlab.studies.gatewaycapacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.report.model.Check;
import dev.loadlab.report.model.Spread;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.model.TestSummaries;
import dev.loadlab.settings.Settings;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The gateway study's own gate checks. */
class GatewayCapacityStudyTest {
    @Test
    void shouldFlagAHeldGatewayStepFasterThanTheUpstreamLatencyItAskedForAsImpossible() {
        Summary runs = TestSummaries.of(List.of())
                .figures(
                        GatewayCapacityStudy.NAME,
                        new Gateway.Figures(
                                List.of(
                                        TestSteps.step("HTTP/1.1", 16, 3, true, null),
                                        TestSteps.step("HTTP/1.1", 32, 104, true, null)),
                                List.of()))
                .build();
        List<Check> checks = new GatewayCapacityStudy().checks(runs, Settings.of(Map.of()));
        assertEquals(1, checks.size(), checks.toString());
        assertEquals("3", checks.get(0).now());
        assertTrue(checks.get(0).scenario().contains("16/s") && !checks.get(0).passed());
        assertEquals(
                List.of(),
                new GatewayCapacityStudy().checks(runs, Settings.of(Map.of("gateway.latencyParam", "none"))),
                "a request that asks no latency has none to be below");
    }

    @Test
    void shouldFindAndCompareTheMedianKneeOverTheRepeatsWithItsRange() {
        Summary runs = TestSummaries.of(List.of())
                .figures(
                        GatewayCapacityStudy.NAME,
                        new Gateway.Figures(List.of(), List.of(knee(440, 1), knee(456, 2), knee(432, 3))))
                .build();
        assertEquals(
                "HTTP/1.1 at 100 ms upstream: sustained a median 440 req/s over 3 repeats (432 to 456)",
                new GatewayCapacityStudy()
                        .finding(runs, GatewayCapacityStudy.NAME)
                        .orElseThrow()
                        .text());
        assertEquals(
                List.of(new Gateway.KneeRange("HTTP/1.1", 100, 3, new Spread(440, 432, 456))),
                GatewayCapacityStudy.kneeRanges(runs));
    }

    private static Gateway.Knee knee(int rps, int repeat) {
        return new Gateway.Knee("HTTP/1.1", 100, rps, rps + 8, "", null, null, null, null, repeat);
    }
}
