package dev.loadlab.bulk;

import static dev.loadlab.bulk.Texts.assertContains;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.loadlab.settings.Scale;
import dev.loadlab.settings.SettingError;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PairTest {
    private static final String EXPECTED = " is not allowed: expected " + BulkKnobs.PAIRS.allowed();

    /** The study's seven batch-count by batch-size pairs at full scale, in its order. */
    static final List<Pair> STUDYS_PAIRS_AT_FULL_SCALE = List.of(
            new Pair(1, 100_000),
            new Pair(10, 10_000),
            new Pair(100, 1_000),
            new Pair(1, 1_000_000),
            new Pair(10, 100_000),
            new Pair(100, 10_000),
            new Pair(1_000, 1_000));

    @Test
    void shouldParseTheStudysPairsInOrderEndingWithItsThousandByThousand() {
        List<Pair> pairs = Pair.parseList(BulkKnobs.PAIRS.defaultAt(Scale.FULL));
        assertEquals(STUDYS_PAIRS_AT_FULL_SCALE, pairs);
    }

    @Test
    void shouldAcceptCommasAndExtraSpacesBetweenPairs() {
        assertEquals(List.of(new Pair(2, 5), new Pair(3, 7)), Pair.parseList(" 2x5,  3x7 "));
    }

    @Test
    void shouldCountRowsOfARunAsBatchCountTimesBatchSize() {
        assertEquals(1_000_000_000L, new Pair(1_000, 1_000_000).rows());
    }

    @ParameterizedTest
    @ValueSource(strings = {"10", "10x", "x10", "10*100", "ax5", "-1x5", "1x1x1", "99999999999x1"})
    void shouldRejectAMalformedPairNamingTheSettingAndTheForm(String text) {
        SettingError e = assertThrows(SettingError.class, () -> Pair.parseList(text));
        assertEquals("-Dbulk.pairs=" + text + EXPECTED, e.getMessage());
        assertContains(e.getMessage(), "batchCount x batchSize pairs such as 10x1000");
    }

    @Test
    void shouldRejectZeroSizes() {
        assertEquals(
                "-Dbulk.pairs=0x10" + EXPECTED,
                assertThrows(SettingError.class, () -> Pair.parseList("0x10")).getMessage());
        assertEquals(
                "-Dbulk.pairs=2x5 10x0" + EXPECTED,
                assertThrows(SettingError.class, () -> Pair.parseList("2x5 10x0"))
                        .getMessage());
        assertEquals(
                "batchSize 0 must be at least 1",
                assertThrows(IllegalArgumentException.class, () -> new Pair(10, 0))
                        .getMessage());
    }

    @Test
    void shouldCapBatchCountAtOneThousandGivingTheReason() {
        new Pair(1_000, 1);
        assertContains(
                assertThrows(SettingError.class, () -> Pair.parseList("1001x1")).getMessage(),
                "-Dbulk.pairs=1001x1" + EXPECTED,
                "count 1..1000");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Pair(1_001, 1));
        assertContains(e.getMessage(), "batchCount 1001 is over the cap of 1000", "connection");
    }

    @Test
    void shouldCapBatchSizeAtOneMillionGivingTheReason() {
        new Pair(1, 1_000_000);
        assertContains(
                assertThrows(SettingError.class, () -> Pair.parseList("1x1000001"))
                        .getMessage(),
                "-Dbulk.pairs=1x1000001" + EXPECTED,
                "size 1..1000000");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Pair(1, 1_000_001));
        assertContains(e.getMessage(), "batchSize 1000001 is over the cap of 1000000", "memory");
    }
}
