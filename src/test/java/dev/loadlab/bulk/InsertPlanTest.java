package dev.loadlab.bulk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Set;
import org.junit.jupiter.api.Test;

class InsertPlanTest {

    @Test
    void shouldUseOneStatementSizeWhenEverythingDividesEvenly() {
        assertEquals(Set.of(1000), new InsertPlan(10_000, 5_000, 1_000).statementSizes());
        assertEquals(Set.of(1), new InsertPlan(10_000, 10_000, 1).statementSizes());
    }

    @Test
    void shouldNeverPutMoreRowsInAStatementThanInAFlush() {
        InsertPlan plan = new InsertPlan(1_000, 100, 1_000);
        assertEquals(100, plan.statementRows());
        assertEquals(Set.of(100), plan.statementSizes());
    }

    @Test
    void shouldAddTheRemaindersOfFlushesAndOfTheLastFlush() {
        // 2500 rows in flushes of 1000, 1000, 500; statements of 300: 300 x3 + 100 per full flush, 300 + 200 last.
        assertEquals(Set.of(100, 200, 300), new InsertPlan(2_500, 1_000, 300).statementSizes());
    }

    @Test
    void shouldSendAWholeFlushAsOneArrayInsert() {
        InsertPlan plan = new InsertPlan(2_500, 1_000, 1, true);
        assertEquals(1_000, plan.statementRows());
        assertEquals(Set.of(InsertPlan.ARRAY_STATEMENT), plan.statementSizes());
    }

    @Test
    void shouldRefuseAFlushLargerThanTheBatch() {
        assertThrows(IllegalArgumentException.class, () -> new InsertPlan(10, 11, 1));
    }
}
