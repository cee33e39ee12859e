package dev.loadlab.studies.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.report.Fixtures;
import dev.loadlab.report.model.Spread;
import dev.loadlab.report.model.Times;
import dev.loadlab.report.page.Templates;
import dev.loadlab.report.read.JmeterResults;
import dev.loadlab.report.read.Parts;
import dev.loadlab.report.read.RunReader;
import dev.loadlab.studies.latency.LatencyStudy.AbRun;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** ab's summary from JMeter's CSV of jmeter/latency.jmx: a hand-written fixture whose figures are worked out here. */
class JmeterAbRunsTest {

    private static List<AbRun> runs() throws IOException {
        return runs("jmeter-latency/latency.csv");
    }

    /** The ab runs JMeter's results of the latency plan give, read in the one pass over the CSV as the report reads it. */
    private static List<AbRun> runs(String csv) throws IOException {
        List<AbRun> runs = new ArrayList<>();
        RunReader reader = new RunReader() {
            @Override
            public Optional<JmeterSamples> plan(String protocol, String plan, List<String> header, Parts parts) {
                return JmeterAbRuns.of(protocol, plan, header, runs::add);
            }

            @Override
            public void finish(Parts parts) {}
        };
        JmeterResults.read("HTTP/1.1", Fixtures.path(csv), new Parts(), List.of(reader));
        return runs;
    }

    private static List<String> labels(List<AbRun> runs) {
        return runs.stream().map(AbRun::label).toList();
    }

    @Test
    void shouldSplitEachSampleIntoAbsConnectProcessingWaitingAndTotal() throws IOException {
        AbRun plain = runs().get(0);
        assertEquals("ab -c 2 -n 4", plain.label());
        assertEquals("jmeter", plain.tool());
        // Connect 4, 5, 4, 2
        assertEquals(new Times(2, 3.75, Math.sqrt(1.1875), 4, 5), plain.times().get("connect"));
        // Processing = elapsed - connect: 6, 7, 6, 6
        assertEquals(new Times(6, 6.25, Math.sqrt(0.1875), 6, 7), plain.times().get("processing"));
        // Waiting = latency (first byte) - connect: 4, 4, 4, 4
        assertEquals(new Times(4, 4, 0, 4, 4), plain.times().get("waiting"));
        // Total = elapsed: 10, 12, 10, 8
        assertEquals(new Times(8, 10, Math.sqrt(2), 10, 12), plain.times().get("total"));
        assertEquals(
                List.of("connect", "processing", "waiting", "total"),
                List.copyOf(plain.times().keySet()));
    }

    @Test
    void shouldGiveEachOfThePlansRunsItsOwnBlockInTheOrderTheyRanUnderAbsCommandLine() throws IOException {
        List<AbRun> runs = runs("jmeter-latency-two-runs/latency.csv");
        assertEquals(List.of("ab -c 2 -n 4", "ab -c 1 -n 2", "ab -k -c 2 -n 4", "ab -k -c 1 -n 2"), labels(runs));
        AbRun single = runs.get(1);
        assertEquals(1, single.concurrency());
        assertEquals(2, single.completeRequests());
        assertEquals(new Times(3, 3, 0, 3, 3), single.times().get("connect"));
    }

    @Test
    void shouldCountRequestsBytesAndRateLikeAb() throws IOException {
        AbRun plain = runs().get(0);
        assertEquals(2, plain.concurrency(), "two threads");
        assertEquals(4, plain.completeRequests());
        assertEquals(0, plain.failedRequests());
        assertEquals(0.020, plain.timeTakenSeconds(), 1e-9, "first start 1000 to last end 1020");
        assertEquals(200, plain.requestsPerSecond(), 1e-9);
        assertEquals(10, plain.timePerRequestMs(), 1e-9, "concurrency x time taken / requests");
        assertEquals(60L, plain.documentLengthBytes());
        assertEquals(4 * 187L, plain.totalTransferredBytes(), "headers and body, as ab counts them");
        assertEquals(4 * 60L, plain.htmlTransferredBytes());
        assertEquals(12L, plain.servedWithinMs().get("100%"));
    }

    @Test
    void shouldReadKeepAliveAsTheSecondVariantWithItsFailures() throws IOException {
        AbRun keepAlive = runs().get(1);
        assertEquals("ab -k -c 2 -n 4", keepAlive.label());
        assertTrue(keepAlive.keepAlive());
        assertEquals(runs().get(0).pairKey(), keepAlive.pairKey(), "paired with plain ab of the same -c and -n");
        assertEquals(1, keepAlive.failedRequests());
        assertEquals(
                1.5, keepAlive.times().get("connect").mean(), 1e-9, "only the first request of each thread connects");
        assertEquals(4 / 0.007, keepAlive.requestsPerSecond(), 1e-9);
    }

    @Test
    void shouldShowPlainAbAndAbWithKeepAliveSideBySideInAbsOwnLayout() throws IOException {
        String html = Templates.section(AbSection.apacheBench(runs()));
        assertTrue(html.contains("<th>ab</th><th>ab -k</th>"), html);
        assertTrue(html.contains("jmeter, HTTP/1.1: ab -c 2 -n 4"), html);
        assertTrue(html.contains("Document Length:        60 bytes"), html);
        assertTrue(html.contains("Total transferred:      748 bytes"), html);
        assertTrue(html.contains("Requests per second:    200.00 [#/sec] (mean)"), html);
        assertTrue(html.contains("Connect:         2     4   1.1      4      5"), html);
        assertTrue(html.contains("Processing:      6     6   0.4      6      7"), html);
        assertTrue(html.contains("Waiting:         4     4   0.0      4      4"), html);
        assertTrue(html.contains("Total:           8    10   1.4     10     12"), html);
        assertEquals(1, html.split("<table class=\"ab-pair\">", -1).length - 1, "one pair, two columns");
    }

    @Test
    void shouldReadEachRepeatOfAnAbRunApartAndGiveItsSpreadLikeGatlings() throws IOException {
        List<AbRun> runs = runs("jmeter-latency-repeats/latency.csv");
        assertEquals(
                List.of("ab -c 2 -n 4", "ab -c 2 -n 4 repeat=2", "ab -k -c 2 -n 4", "ab -k -c 2 -n 4 repeat=2"),
                labels(runs));
        AbRun second = runs.get(1);
        assertEquals(4, second.completeRequests(), "its own samples only");
        assertEquals(1, second.failedRequests());
        assertEquals(0.040, second.timeTakenSeconds(), 1e-9, "first start 1030 to last end 1070");

        List<AbRuns.Range> ranges = AbRuns.ranges(runs);
        assertEquals(
                List.of("ab -c 2 -n 4", "ab -k -c 2 -n 4"),
                ranges.stream().map(AbRuns.Range::label).toList());
        AbRuns.Range plain = ranges.get(0);
        assertEquals("jmeter", plain.tool());
        assertEquals(2, plain.repeats());
        assertEquals(1, plain.failedRequests());
        assertEquals(new Spread(150, 100, 200), plain.requestsPerSecond(), "200/s, then 100/s");
    }
}
