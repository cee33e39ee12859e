package dev.loadlab.shared;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The meter's file: one line a second of lateness counts by bucket, which the report's reader reads back. */
class StallMeterTest {
    @Test
    void shouldPutEachLatenessInTheBucketWhoseBoundHoldsIt() {
        for (long micros : new long[] {0, 99, 100, 9_999, 10_000, 10_999, 109_999, 110_000, 5_000_000}) {
            int bucket = StallMeter.bucket(micros);
            assertTrue(micros < StallMeter.upperMicros(bucket), micros + " in bucket " + bucket);
            assertTrue(bucket == 0 || micros >= StallMeter.upperMicros(bucket - 1), micros + " in bucket " + bucket);
        }
        assertEquals(StallMeter.BUCKETS - 1, StallMeter.bucket(110_000));
    }

    @Test
    void shouldCountAStallAsTheWakeUpsItKeptFromHappeningEachAsLateAsItWouldHaveBeen() {
        long[] counts = new long[StallMeter.BUCKETS];
        StallMeter.record(counts, 400); // on time but for the timer's slack: one wake-up
        StallMeter.record(counts, 4_500); // a 4.5 ms stall: 4.5, and the 3.5, 2.5 and 1.5 ms late wake-ups it kept away
        assertEquals(5, java.util.Arrays.stream(counts).sum());
        for (long late : new long[] {400, 4_500, 3_500, 2_500, 1_500}) {
            assertTrue(counts[StallMeter.bucket(late)] >= 1, late + " µs");
        }
    }

    @Test
    void shouldWriteASecondAsItsMaxAndItsNonEmptyBuckets() {
        long[] counts = new long[StallMeter.BUCKETS];
        counts[0] = 990;
        counts[StallMeter.bucket(25_000)] = 2;
        assertEquals("1700000000\t25300\t0:990 115:2\n", StallMeter.line(1_700_000_000L, 25_300, counts));
    }

    @Test
    void shouldMeasureEverySecondOfTheJvmIntoItsFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("stalls/1.tsv");
        StallMeter.start(file, "a test\twith  space");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        List<String> lines = List.of();
        while (lines.size() < 3 && System.nanoTime() < deadline) {
            Thread.sleep(200);
            lines = Files.exists(file) ? Files.readAllLines(file) : List.of();
        }
        assertEquals("# a test with space", lines.get(0));
        assertTrue(lines.size() >= 3, "two whole seconds within 10 s: " + lines);
        String[] second = lines.get(2).split("\t");
        long wakeUps = List.of(second[2].split(" ")).stream()
                .mapToLong(pair -> Long.parseLong(pair.substring(pair.indexOf(':') + 1)))
                .sum();
        // a whole second of 1 ms sleeps wakes hundreds of times, however late the machine lets it
        assertTrue(wakeUps > 50, "wake-ups in a second: " + lines.get(2));
    }
}
