package dev.loadlab.studies.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.report.model.Spread;
import dev.loadlab.report.page.Templates;
import dev.loadlab.studies.latency.LatencyStudy.AbRun;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** -Drepeats=3 on the latency study: each ab run's repeats as their median, least and most. */
class AbRunsRepeatsTest {
    private static AbRun run(String label, double perSecond, long p95Ms) {
        return new AbRun(
                "gatling",
                "HTTP/1.1",
                label,
                10,
                1000,
                1,
                1000 / perSecond,
                perSecond,
                10_000 / perSecond,
                1000 / perSecond,
                Map.of(),
                Map.of("50%", p95Ms / 2, "95%", p95Ms, "99%", p95Ms + 1),
                null,
                null,
                null);
    }

    @Test
    void shouldGiveEachAbRunsMedianLeastAndMostOverItsRepeats() {
        List<AbRun> runs = List.of(
                run("ab -c 10 -n 1000", 500, 30),
                run("ab -c 10 -n 1000 repeat=2", 400, 40),
                run("ab -c 10 -n 1000 repeat=3", 450, 20),
                run("ab -k -c 10 -n 1000", 900, 10));

        List<AbRuns.Range> ranges = AbRuns.ranges(runs);
        assertEquals(2, ranges.size(), ranges.toString());
        AbRuns.Range plain = ranges.get(0);
        assertEquals("ab -c 10 -n 1000", plain.label());
        assertEquals(3, plain.repeats());
        assertEquals(3, plain.failedRequests());
        assertEquals(new Spread(450, 400, 500), plain.requestsPerSecond());
        assertEquals(new Spread(30, 20, 40), plain.p95Ms());
        assertEquals(1, ranges.get(1).repeats());

        String html = Templates.section(AbSection.apacheBench(runs));
        assertTrue(html.contains("<td>450.0 (400.0 to 500.0)</td>"), html);
    }
}
