package dev.loadlab.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.settings.ReportKnobs;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which entries stop a run, and how a row's figures so far are judged against them. */
class StopLimitsTest {
    private static final String ROW = "gatling h2 CheckoutSimulation / pay checkout";

    private static LiveRow rowOf(int samples, int ms, int failed) {
        LiveRow row = new LiveRow();
        for (int i = 0; i < samples; i++) {
            row.add(ms, i >= failed);
        }
        return row;
    }

    @Test
    void shouldStopOnlyOnEntriesMarkedStopAndLeaveTheOthersToTheGate() {
        assertTrue(ReportKnobs.LIMIT_ENTRY
                .matcher("checkout:p95Ms=300:errorPct=1:stop")
                .matches());
        assertFalse(ReportKnobs.LIMIT_ENTRY.matcher("checkout:stop").matches());
        StopLimits limits = StopLimits.of("checkout:p95Ms=300;pay:p50Ms=10:stop", 20);
        assertEquals(Map.of("p50Ms", 10.0), limits.boundsFor(ROW));
        assertTrue(StopLimits.of("checkout:p95Ms=300", 20).isEmpty());
        assertTrue(StopLimits.of("none", 20).isEmpty());
    }

    @Test
    void shouldJudgeARowOnlyOnceItHasTheSmallestSampleTheGateCompares() {
        StopLimits limits = StopLimits.of("checkout:p99Ms=100:stop", 20);
        assertTrue(limits.judge(ROW, rowOf(19, 500, 0)).isEmpty());
        StopLimits.Crossing c = limits.judge(ROW, rowOf(20, 500, 0)).orElseThrow();
        assertEquals("p99Ms", c.figure());
        assertEquals(500, c.value());
        assertEquals(20, c.samples());
        assertEquals("p99Ms 500 > 100 after 20 samples", c.text());
    }

    @Test
    void shouldTakeEachFiguresLastMatchingEntryAndNeverJudgeTheRateWhileTheRunGoesOn() {
        StopLimits limits = StopLimits.of("checkout:p95Ms=100:minRps=1000:stop;pay:p95Ms=600:errorPct=10:stop", 1);
        assertEquals(Map.of("p95Ms", 600.0, "errorPct", 10.0), limits.boundsFor(ROW));
        assertTrue(limits.judge(ROW, rowOf(100, 500, 10)).isEmpty()); // 10 % errors is at the bound, not over it
        assertEquals(
                "errorPct", limits.judge(ROW, rowOf(100, 500, 11)).orElseThrow().figure());
        assertTrue(limits.judge("jmeter h2 other / pay", rowOf(100, 700, 0)).isPresent());
        assertTrue(limits.judge("jmeter h2 other / browse", rowOf(100, 700, 0)).isEmpty());
    }

    @Test
    void shouldReadPercentilesAsExactRanksOfTheSamplesSoFar() {
        LiveRow row = new LiveRow();
        for (int ms = 1; ms <= 100; ms++) {
            row.add(ms, true);
        }
        row.add(5_000, false);
        assertEquals(51, row.figure("p50Ms"));
        assertEquals(96, row.figure("p95Ms"));
        assertEquals(100, row.figure("p99Ms"));
        assertEquals(5_000, row.figure("maxMs"));
        assertEquals(100.0 / 101, row.figure("errorPct"), 1e-9);
        assertEquals((5050 + 5000) / 101.0, row.figure("meanMs"), 1e-9);
    }
}
