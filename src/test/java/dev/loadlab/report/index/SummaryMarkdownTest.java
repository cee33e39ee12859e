package dev.loadlab.report.index;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.report.model.Check;
import dev.loadlab.report.model.RunStalls;
import dev.loadlab.report.model.Stall;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.model.TestRows;
import dev.loadlab.report.model.TestSummaries;
import dev.loadlab.report.read.GatlingResults;
import dev.loadlab.report.read.JmeterResults;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** summary.md: the verdict and what failed, a line per experiment, tool and wire, stalls, and changes to a baseline. */
class SummaryMarkdownTest {
    private static Summary.Row total(
            String tool, String protocol, String run, long samples, double errorPct, long p95) {
        String all = tool.equals("gatling") ? GatlingResults.ALL_REQUESTS : JmeterResults.ALL_SAMPLES;
        return TestRows.row(tool, protocol, run, all)
                .samples(samples)
                .latency(5, 1, 50, 2)
                .errorPct(errorPct)
                .throughput(samples / 10.0)
                .percentiles(4, 6, 8, p95, p95 + 5)
                .experiment("api-gateway")
                .build();
    }

    private static Summary summary(String label, long gatlingSamples, List<RunStalls> stalls) {
        Summary.Run run = TestSummaries.run(label, List.of("api-gateway"), List.of("bulk"));
        List<Summary.Row> rows = List.of(
                total("gatling", "h2", "ApiGatewaySimulation", gatlingSamples, 0, 20),
                total("gatling", "h2", "ApiGatewayStressSimulation", 500, 10, 40),
                total("jmeter", "HTTP/1.1", "api-gateway", 800, 0, 12));
        return TestSummaries.of(rows).run(run).stalls(stalls).build();
    }

    private static Check check(String scenario, boolean passed) {
        return new Check("truth", scenario, "p50 ms", "100.40", passed ? "101" : "111", "within 3 ms", passed);
    }

    @Test
    void shouldOpenOnTheVerdictAndListWhatFailed() {
        String md = SummaryMarkdown.render(
                summary("now", 1000, List.of()),
                List.of(check("a", true), check("b", true), check("jmeter h2 calibration / held", false)),
                Optional.empty());

        assertTrue(
                md.startsWith("## loadlab: now\n\n**Failed**: 1 of 3 checks on 3 scenario rows; experiments:"
                        + " api-gateway (left out: bulk).\n"),
                md);
        assertTrue(
                md.contains("| truth | jmeter h2 calibration / held | p50 ms | 111 | within 3 ms (reference 100.40) |"),
                md);
        assertFalse(md.contains("| truth | a |"), "a passed check is not listed: " + md);
        assertFalse(md.contains("against"), "no baseline, no changes: " + md);
    }

    @Test
    void shouldGiveOneLinePerExperimentToolAndWireOverItsRuns() {
        String md =
                SummaryMarkdown.render(summary("now", 1000, List.of()), List.of(check("a", true)), Optional.empty());

        assertTrue(md.contains("**Passed**: 1 checks on 3 scenario rows"), md);
        // two Gatling runs on h2: 1,500 samples, 50 of them failed (3.33 %), the worst p95 of the two
        assertTrue(md.contains("| api-gateway | gatling | h2 | 2 | 1500 | 150 | 3.33 | 40 | 45 |"), md);
        assertTrue(md.contains("| api-gateway | jmeter | HTTP/1.1 | 1 | 800 | 80 | 0 | 12 | 17 |"), md);
    }

    @Test
    void shouldSayTheWorstStallAndWhatChangedAgainstTheBaseline() {
        List<RunStalls> stalls = List.of(
                new RunStalls("gatling", "h2", "ApiGatewaySimulation", new Stall(0.1, 2.5, 9, 30), null),
                new RunStalls(
                        "jmeter", "HTTP/1.1", "api-gateway", new Stall(0.1, 7.5, 31, 30), new Stall(0.1, 0.4, 2, 30)));

        String md = SummaryMarkdown.render(
                summary("now", 1000, stalls), null, Optional.of(summary("before", 2000, List.of())));

        assertTrue(md.contains("**No verdict**"), md);
        assertTrue(
                md.contains("Machine stalls, the worst run's: load generator 7.50 ms p99, 31 ms max (jmeter HTTP/1.1"
                        + " api-gateway); server 0.40 ms p99, 2 ms max (jmeter HTTP/1.1 api-gateway)."),
                md);
        assertTrue(md.contains("### loadlab: now against before"), md);
        assertTrue(md.contains("**worse**"), "half the throughput: " + md);
    }
}
