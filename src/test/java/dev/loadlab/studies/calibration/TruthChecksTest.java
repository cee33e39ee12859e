package dev.loadlab.studies.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.report.model.Check;
import dev.loadlab.report.model.Generator;
import dev.loadlab.report.model.LoadGenerators;
import dev.loadlab.report.model.Stall;
import dev.loadlab.settings.Settings;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The gate on truth: each check can fail, and names what it held the figure to. */
class TruthChecksTest {
    private static final TruthChecks DEFAULTS = TruthChecks.from(Settings.of(Map.of()));

    private static CalibrationRow held(
            String tool, String wire, long samples, Long serverCount, long p50, long p99, double throughput) {
        return held(tool, wire, samples, serverCount, p50, p99, throughput, null, null);
    }

    private static CalibrationRow held(
            String tool,
            String wire,
            long samples,
            Long serverCount,
            long p50,
            long p99,
            double throughput,
            Stall toolStall,
            Stall serverStall) {
        return new CalibrationRow(
                "held",
                tool,
                wire,
                samples,
                0,
                throughput,
                p50,
                p99,
                serverCount,
                97.0,
                100.4,
                101.2,
                100,
                toolStall,
                serverStall,
                null);
    }

    private static List<Check> failed(List<CalibrationRow> rows) {
        return DEFAULTS.checks(rows).stream().filter(c -> !c.passed()).toList();
    }

    @Test
    void shouldPassToolsThatMatchTheServerTheLatencyAndEachOther() {
        List<Check> checks = DEFAULTS.checks(List.of(
                held("gatling", "h2", 300, 300L, 101, 107, 96.5), held("jmeter", "h2", 300, 300L, 101, 105, 97.9)));

        // per tool: count, throughput, p50, p99, the server's hold p50; across tools: p50, throughput
        assertEquals(12, checks.size());
        assertTrue(checks.stream().allMatch(Check::passed), checks.toString());
    }

    @Test
    void shouldFailAToolThatCountsOneRequestMoreThanTheServerAnswered() {
        List<Check> failed = failed(List.of(held("jmeter", "h2", 301, 300L, 101, 104, 97.0)));

        assertEquals(1, failed.size(), failed.toString());
        assertEquals("count", failed.get(0).figure());
        assertEquals("300", failed.get(0).baseline());
        assertEquals("301", failed.get(0).now());
    }

    @Test
    void shouldFailAP99MoreThanItsToleranceAboveTheHeldLatency() {
        List<Check> failed = failed(List.of(held("jmeter", "h2", 300, 300L, 101, 148, 97.0)));

        assertEquals(1, failed.size(), failed.toString());
        assertEquals("jmeter h2 calibration / held", failed.get(0).scenario());
        assertEquals("p99 ms", failed.get(0).figure());
        assertEquals("within 10 ms of the server's own hold", failed.get(0).limit());
        assertEquals("101.20", failed.get(0).baseline());
    }

    @Test
    void shouldHoldToolsToTheConfiguredLatencyWhereTheTargetKeepsNoCount() {
        List<Check> failed = failed(List.of(new CalibrationRow(
                "held", "gatling", "h2", 300, 0, 97, 101, 111, null, null, null, null, 100, null, null, null)));

        assertEquals(1, failed.size(), failed.toString());
        assertEquals("within 10 ms of the held latency", failed.get(0).limit());
    }

    @Test
    void shouldFailAServerThatHoldsItsAnswersLongerThanAsked() {
        List<Check> failed = failed(List.of(new CalibrationRow(
                "held", "jmeter", "h2", 300, 0, 90, 105, 107, 300L, 90.0, 104.5, 106.0, 100, null, null, null)));

        assertEquals(
                List.of("server's hold p50 ms"),
                failed.stream().map(Check::figure).toList());
    }

    @Test
    void shouldAllowAToolOnABusyMachineTheStallsMeasuredInItsSecondsAndNoMore() {
        // the machine stalled: the tool's JVM once woke 20 ms late, the server's 5 ms (their p99s far lower)
        Stall tool = new Stall(0.2, 2, 20, 3);
        Stall server = new Stall(0.1, 0.5, 5, 3);
        assertEquals(
                List.of(),
                failed(List.of(held("gatling", "h2", 300, 300L, 101, 135, 97.0, tool, server))),
                "p99 135 against 101.2 + 20 + 5 within 10 ms");
        List<Check> unexplained = failed(List.of(held("gatling", "h2", 300, 300L, 101, 135, 97.0, null, null)));
        assertEquals(List.of("p99 ms"), unexplained.stream().map(Check::figure).toList());

        List<Check> beyond = failed(List.of(held("gatling", "h2", 300, 300L, 101, 137, 97.0, tool, server)));
        assertEquals(List.of("p99 ms"), beyond.stream().map(Check::figure).toList());
        assertEquals("101.20 to 126.20", beyond.get(0).baseline());
        assertEquals(
                "within 10 ms of the server's own hold plus the stalls measured meanwhile (p50/max tool's 0.20/20,"
                        + " server's 0.10/5)",
                beyond.get(0).limit());
    }

    @Test
    void shouldFailAToolThatAddsItsOwnTimeToEveryRequestWhateverTheMachinesTail() {
        // a delay in the tool's request path moves its p50, which a busy machine's stalls (p50 under 1 ms) do not
        Stall tool = new Stall(0.6, 30, 80, 3);
        List<Check> failed = failed(List.of(held("jmeter", "h2", 300, 300L, 111, 140, 97.0, tool, null)));

        assertEquals(List.of("p50 ms"), failed.stream().map(Check::figure).toList());
    }

    @Test
    void shouldHoldTheToolsToTheServersOwnHoldHoweverLateItsTailOnABusyMachine() {
        // the server's answers queued for the cores: 115.7 ms at p99 for 100 ms; the tools are held to that hold
        CalibrationRow queued = new CalibrationRow(
                "held", "jmeter", "h2", 300, 0, 90, 101, 118, 300L, 90.0, 100.4, 115.7, 100, null, null, null);
        assertEquals(List.of(), failed(List.of(queued)));
    }

    @Test
    void shouldFailAThroughputFarFromTheServersForTheSameRequests() {
        List<Check> failed = failed(List.of(held("gatling", "h2", 300, 300L, 101, 104, 80.0)));

        assertEquals(List.of("throughput/s"), failed.stream().map(Check::figure).toList());
    }

    @Test
    void shouldFailTwoToolsThatDisagreeOnTheSameWire() {
        List<Check> failed = failed(List.of(
                held("gatling", "h2", 300, null, 101, 104, 97.0), held("jmeter", "h2", 300, null, 101, 104, 80.0)));

        assertEquals(1, failed.size(), failed.toString());
        assertEquals("gatling vs jmeter h2 calibration / held", failed.get(0).scenario());
        assertFalse(failed.get(0).passed());
    }

    @Test
    void shouldCompareOnlyTheP50WhenEachOfJmetersRemoteEnginesRanTheWholePlan() {
        List<CalibrationRow> rows = List.of(
                held("gatling", "h2", 300, null, 101, 104, 97.0), held("jmeter", "h2", 600, null, 101, 104, 190.0));
        Generator part = new Generator("127.0.0.2:4000", 300, 0, 0, 3000, 95.0);
        List<LoadGenerators> twoEngines =
                List.of(new LoadGenerators("jmeter", "h2", "calibration", "engine", 2, List.of(part, part), part));

        List<Check> crossTool = DEFAULTS.checks(rows, twoEngines).stream()
                .filter(c -> c.scenario().startsWith("gatling vs jmeter"))
                .toList();

        assertEquals(List.of("p50 ms"), crossTool.stream().map(Check::figure).toList());
        assertTrue(crossTool.get(0).passed(), crossTool.toString());
        assertEquals(1, failed(rows).size(), "without the engines, the two throughputs are compared and part");
    }

    @Test
    void shouldCheckNothingForASummaryFromBeforeTheCalibrationExperiment() {
        assertEquals(List.of(), DEFAULTS.checks(null));
    }
}
