package dev.loadlab.bulk;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class StatsTest {
    private static final double EXACT = 1e-12;

    @Test
    void shouldTakeTheMiddleValueAsMedianForAnOddCount() {
        Stats s = Stats.of(List.of(3.0, 1.0, 2.0), 300);
        assertEquals(2.0, s.medianSeconds(), EXACT);
        assertEquals(2.0, s.avgSeconds(), EXACT);
        assertEquals(1.0, s.minSeconds(), EXACT);
        assertEquals(3.0, s.maxSeconds(), EXACT);
        assertEquals(3, s.runs());
    }

    @Test
    void shouldTakeTheMeanOfTheTwoMiddleValuesAsMedianForAnEvenCount() {
        Stats s = Stats.of(List.of(4.0, 1.0, 10.0, 2.0), 100);
        assertEquals(3.0, s.medianSeconds(), EXACT);
        assertEquals(4.25, s.avgSeconds(), EXACT);
    }

    @Test
    void shouldGiveRowsPerSecondAsRowsOfARunOverTheAverageTime() {
        Stats s = Stats.of(List.of(0.5, 1.5), 1_000_000);
        assertEquals(1_000_000.0, s.rowsPerSecond(), EXACT);
    }

    @Test
    void shouldReportNothingForNoGoodRuns() {
        assertEquals(Stats.NONE, Stats.of(List.of(), 10));
    }

    @Test
    void shouldComputeStatisticsOverGoodRunsOnly() {
        Pair pair = new Pair(1, 100);
        RunResult good = new RunResult(Mode.SEQUENTIAL, pair, 100, 1, 1, 2.0, 100, 100, null);
        RunResult bad = new RunResult(Mode.SEQUENTIAL, pair, 100, 1, 1, 0.1, 0, 0, "insert failed");
        PairResult result = new PairResult(Mode.SEQUENTIAL, pair, 100, 1, 1, List.of(good, bad));
        assertEquals(1, result.stats().runs());
        assertEquals(2.0, result.stats().avgSeconds(), EXACT);
        assertEquals(1, result.failedRuns());
        assertEquals(List.of("insert failed"), result.errors());
        assertEquals("seq-1x100", result.name());
    }
}
