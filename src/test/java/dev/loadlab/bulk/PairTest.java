package dev.loadlab.bulk;

import static dev.loadlab.bulk.Texts.assertContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PairTest {

    @Test
    void shouldParseTheStudysSixPairsInOrder() {
        List<Pair> pairs = Pair.parseList("bulk.pairs", Pair.STUDY_PAIRS);
        assertEquals(List.of(new Pair(1, 100_000), new Pair(10, 10_000), new Pair(100, 1_000),
                new Pair(1, 1_000_000), new Pair(10, 100_000), new Pair(100, 10_000)), pairs);
    }

    @Test
    void shouldAcceptCommasAndExtraSpacesBetweenPairs() {
        assertEquals(List.of(new Pair(2, 5), new Pair(3, 7)), Pair.parseList("bulk.pairs", " 2x5,  3x7 "));
    }

    @Test
    void shouldCountRowsOfARunAsBatchCountTimesBatchSize() {
        assertEquals(1_000_000_000L, new Pair(1_000, 1_000_000).rows());
    }

    @ParameterizedTest
    @ValueSource(strings = {"10", "10x", "x10", "10*100", "ax5", "-1x5", "1x1x1", "99999999999x1"})
    void shouldRejectAMalformedPairNamingTheSettingAndTheForm(String text) {
        BadSettingException e = assertThrows(BadSettingException.class, () -> Pair.parseList("bulk.pairs", text));
        assertContains(e.getMessage(), "bulk.pairs: '", "BATCHCOUNTxBATCHSIZE");
    }

    @Test
    void shouldRejectZeroSizes() {
        assertEquals("bulk.pairs: 0x10: batchCount 0 must be at least 1",
                assertThrows(BadSettingException.class, () -> Pair.parse("bulk.pairs", "0x10")).getMessage());
        assertEquals("bulk.pairs: 10x0: batchSize 0 must be at least 1",
                assertThrows(BadSettingException.class, () -> Pair.parse("bulk.pairs", "10x0")).getMessage());
    }

    @Test
    void shouldCapBatchCountAtOneThousandGivingTheReason() {
        new Pair(1_000, 1);
        BadSettingException e = assertThrows(BadSettingException.class, () -> Pair.parse("bulk.pairs", "1001x1"));
        assertContains(e.getMessage(), "batchCount 1001 is over the cap of 1000", "connection");
    }

    @Test
    void shouldCapBatchSizeAtOneMillionGivingTheReason() {
        new Pair(1, 1_000_000);
        BadSettingException e = assertThrows(BadSettingException.class, () -> Pair.parse("bulk.pairs", "1x1000001"));
        assertContains(e.getMessage(), "batchSize 1000001 is over the cap of 1000000", "memory");
    }
}
