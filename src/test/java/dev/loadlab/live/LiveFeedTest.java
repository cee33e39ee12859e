package dev.loadlab.live;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run's figures second by second, as the tool's JVM writes them and the live page reads them back. */
class LiveFeedTest {
    @Test
    void shouldWriteEachLabelsSecondWhenALaterSecondBeginsAndTheLastAtTheEnd(@TempDir Path dir) throws Exception {
        Path file = LiveFeed.file(dir, "gatling", "http1", "LatencySimulation");
        LiveFeed feed = LiveFeed.open(file, "gatling", "HTTP/1.1", "LatencySimulation", "latency");
        feed.users(10);
        for (long ms : new long[] {1, 3, 3, 40}) {
            feed.sample(100_000 + ms, "ab -c 10 -n 1000", ms, null);
        }
        feed.sample(100_500, "ab -c 10 -n 1000", 700, "HTTP 503");
        assertEquals(1, Files.readAllLines(file).size(), "the second is not over: its head only");

        feed.sample(101_000, "ab -k -c 10 -n 1000", 2, null);
        feed.end();

        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        assertEquals("# gatling\tHTTP/1.1\tLatencySimulation\tlatency", lines.get(0));
        LiveFeed.Line first = LiveFeed.Line.parse(lines.get(1));
        assertEquals(100, first.epochSecond());
        assertEquals(5, first.requests());
        assertEquals(1, first.errors());
        assertEquals(3, first.p50Ms(), "1, 3, 3, 40, 700: the third");
        assertEquals(700, first.p99Ms());
        assertEquals(747, first.sumMs());
        // <= 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000 ... ms
        assertArrayEquals(new long[] {1, 1, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5}, first.buckets());
        assertEquals(Map.of("HTTP 503", 1L), first.errorKinds());
        assertEquals(10, first.users());
        LiveFeed.Line second = LiveFeed.Line.parse(lines.get(2));
        assertEquals(101, second.epochSecond());
        assertEquals("ab -k -c 10 -n 1000", second.label());
        assertEquals(3, lines.size());
    }

    @Test
    void shouldKeepAKindsTextWholeThroughItsLine() {
        LiveFeed.Line line = new LiveFeed.Line(
                7,
                "a",
                2,
                2,
                1,
                1,
                1,
                2,
                new long[LiveFeed.BOUNDS_MS.length],
                Map.of("invalid answer: graphql error: x=1, y", 1L, "timeout", 1L),
                3);
        assertEquals(line.errorKinds(), LiveFeed.Line.parse(line.text().strip()).errorKinds());
    }
}
