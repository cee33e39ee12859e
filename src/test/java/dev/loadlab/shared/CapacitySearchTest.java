package dev.loadlab.shared;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.shared.CapacitySearch.Criteria;
import dev.loadlab.shared.CapacitySearch.Outcome;
import dev.loadlab.shared.CapacitySearch.Phase;
import dev.loadlab.shared.CapacitySearch.Tried;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;

class CapacitySearchTest {
    private static final List<Integer> STUDY_RATES = List.of(1, 2, 4, 8, 16, 32, 64, 128);

    /** Runs the search to its end against a target that sustains exactly the rates {@code holds} accepts. */
    private static List<Tried> run(List<Integer> doubling, int resolution, IntPredicate holds) {
        List<Tried> tried = new ArrayList<>();
        for (OptionalInt next = CapacitySearch.next(doubling, resolution, tried);
                next.isPresent();
                next = CapacitySearch.next(doubling, resolution, tried)) {
            tried.add(new Tried(next.getAsInt(), holds.test(next.getAsInt())));
        }
        return tried;
    }

    private static List<Integer> rates(List<Tried> tried) {
        return tried.stream().map(Tried::rps).toList();
    }

    @Test
    void reproducesTheStudysOwnSearchAt100msFrom64SustainedAnd128Not() {
        // the study: 64 ok, 128 / 96 / 80 timed out, 72, 76 and 78 ok; max 78 TPS
        List<Tried> tried = run(STUDY_RATES, 2, rate -> rate <= 78);
        assertEquals(List.of(1, 2, 4, 8, 16, 32, 64, 128, 96, 80, 72, 76, 78), rates(tried));
        assertEquals(78, CapacitySearch.verdict(STUDY_RATES, 2, tried).maxSustainableRps());
        assertEquals(80, CapacitySearch.verdict(STUDY_RATES, 2, tried).firstBrokenRps());
    }

    @Test
    void stopsTheDoublingAtTheFirstBrokenStepAndSearchesBelowIt() {
        List<Tried> tried = run(STUDY_RATES, 1, rate -> rate <= 10);
        assertEquals(List.of(1, 2, 4, 8, 16, 12, 10, 11), rates(tried));
        assertEquals(
                List.of(
                        Phase.DOUBLING,
                        Phase.DOUBLING,
                        Phase.DOUBLING,
                        Phase.DOUBLING,
                        Phase.DOUBLING,
                        Phase.SEARCH,
                        Phase.SEARCH,
                        Phase.SEARCH),
                CapacitySearch.phases(STUDY_RATES, 1, tried));
        CapacitySearch.Verdict verdict = CapacitySearch.verdict(STUDY_RATES, 1, tried);
        assertEquals(10, verdict.maxSustainableRps());
        assertEquals(11, verdict.firstBrokenRps());
        assertTrue(verdict.finished());
    }

    @Test
    void answersAtLeastTheTopRateWithoutSearchingWhenEveryDoublingStepIsSustained() {
        List<Tried> tried = run(STUDY_RATES, 1, rate -> true);
        assertEquals(STUDY_RATES, rates(tried));
        assertEquals(128, CapacitySearch.verdict(STUDY_RATES, 1, tried).maxSustainableRps());
        assertNull(CapacitySearch.verdict(STUDY_RATES, 1, tried).firstBrokenRps());
    }

    @Test
    void answersNoneWhenTheFirstStepAlreadyBreaks() {
        List<Tried> tried = run(STUDY_RATES, 1, rate -> false);
        assertEquals(List.of(1), rates(tried));
        assertNull(CapacitySearch.verdict(STUDY_RATES, 1, tried).maxSustainableRps());
    }

    @Test
    void neverNeedsMoreStepsThanItPreparesSlotsFor() {
        List<Integer> uneven = List.of(3, 6, 12, 24, 48, 96, 100);
        for (int resolution : List.of(1, 2, 5, 64)) {
            for (int capacity = 0; capacity <= 130; capacity++) {
                int c = capacity;
                int steps = run(STUDY_RATES, resolution, rate -> rate <= c).size();
                assertTrue(steps <= CapacitySearch.maxSteps(STUDY_RATES, resolution), "capacity " + c);
                steps = run(uneven, resolution, rate -> rate <= c).size();
                assertTrue(steps <= CapacitySearch.maxSteps(uneven, resolution), "capacity " + c);
            }
        }
        assertEquals(8 + 6, CapacitySearch.maxSteps(STUDY_RATES, 1)); // 64..128 halved six times
    }

    @Test
    void refusesAStepThatIsNotTheOneItAskedFor() {
        assertThrows(
                IllegalArgumentException.class,
                () -> CapacitySearch.next(STUDY_RATES, 1, List.of(new Tried(1, true), new Tried(3, true))));
    }

    @Test
    void aStepIsSustainedWithinTheErrorLimitAndWhenItsAnswersKeepUpWithTheOfferedRate() {
        Criteria criteria = new Criteria(1, 95, 0);
        assertTrue(criteria.sustained(new Outcome(10, 100, 1.0, 9.6, 900L), 100));
        assertFalse(criteria.sustained(new Outcome(10, 100, 2.0, 10.0, 150L), 100), "too many errors");
        assertFalse(criteria.sustained(new Outcome(10, 100, 0.0, 9.4, 150L), 100), "answers lag the arrivals");
        assertTrue(criteria.sustained(new Outcome(1, 1, 0.0, null, 150L), 100), "one answer: no rate to judge");
        assertFalse(criteria.sustained(new Outcome(1, 0, 0.0, null, null), 100), "nothing sent");
    }

    @Test
    void theP95ConditionAppliesOnlyWhenItsOverheadIsSet() {
        Outcome slow = new Outcome(10, 100, 0.0, 10.0, 700L);
        assertTrue(new Criteria(1, 95, 0).sustained(slow, 100));
        assertFalse(new Criteria(1, 95, 500).sustained(slow, 100));
        assertTrue(new Criteria(1, 95, 600).sustained(slow, 100));
    }

    @Test
    void theAchievedRateIsTheAnswersSpacingWhateverTheLatency() {
        // 11 answers, 100 ms apart: 10 per second, whether each took 100 ms or 5 s
        List<Long> ends = new ArrayList<>();
        for (int i = 0; i <= 10; i++) {
            ends.add(5_000 + i * 100L);
        }
        assertEquals(10.0, CapacitySearch.achievedRps(ends), 1e-9);
        assertNull(CapacitySearch.achievedRps(List.of(5_000L)));
    }
}
