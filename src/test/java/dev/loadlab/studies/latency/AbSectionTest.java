package dev.loadlab.studies.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.loadlab.report.model.Times;
import dev.loadlab.studies.latency.LatencyStudy.AbRun;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A run's block reads as ab's own summary: its labels, its column, its units and its order. */
class AbSectionTest {
    @Test
    void shouldWriteARunsFiguresInAbsOwnLayout() {
        Map<String, Long> within = new LinkedHashMap<>();
        within.put("50%", 2L);
        within.put("100%", 9L);
        AbRun run = new AbRun(
                "jmeter",
                "HTTP/1.1",
                "ab -c 10 -n 1000",
                10,
                1000,
                3,
                2,
                500,
                20,
                2,
                Map.of("total", new Times(1, 2, 0.5, 2, 9)),
                within,
                13L,
                150_000L,
                13_000L);

        assertEquals("""
                Document Length:        13 bytes

                Concurrency Level:      10
                Time taken for tests:   2.000 seconds
                Complete requests:      1000
                Failed requests:        3
                Total transferred:      150000 bytes
                HTML transferred:       13000 bytes
                Requests per second:    500.00 [#/sec] (mean)
                Time per request:       20.000 [ms] (mean)
                Time per request:       2.000 [ms] (mean, across all concurrent requests)
                Transfer rate:          73.24 [Kbytes/sec] received

                Connection Times (ms)
                              min  mean[+/-sd] median   max
                Total:           1     2   0.5      2      9

                Percentage of the requests served within a certain time (ms)
                   50%      2
                  100%      9
                """, AbSection.abBlock(run));
    }
}
