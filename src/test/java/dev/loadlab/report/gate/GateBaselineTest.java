package dev.loadlab.report.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.report.Fixtures;
import dev.loadlab.report.model.Check;
import dev.loadlab.report.model.Summary;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The gate against -Dbaseline: each scenario's p95 rise and throughput fall, on GateTest's rows and settings. */
class GateBaselineTest {
    @Test
    void shouldFlagP95RiseAndThroughputFallOnlyBeyondTheTolerances() {
        Summary before = GateTest.summaryOf(
                GateTest.row("L", "a", 100, 0, 100, 1000),
                GateTest.row("L", "b", 100, 0, 100, 1000),
                GateTest.row("L", "tiny", 1, 0, 10, 5));
        Summary after = GateTest.summaryOf(
                GateTest.row("L", "a", 100, 0, 190, 600),
                GateTest.row("L", "b", 100, 0, 400, 400),
                GateTest.row("L", "tiny", 1, 0, 900, 1));
        List<Check> failed = Gate.regressions(after, before, GateTest.settings()).stream()
                .filter(c -> !c.passed())
                .toList();
        assertEquals(
                List.of("b p95 ms", "b throughput/s"),
                failed.stream()
                        .map(c -> c.scenario().substring(c.scenario().length() - 1) + " " + c.figure())
                        .toList());
    }

    /** -Drepeats=3 against a baseline of one run: each cell judged at its repeats' median, not at its first. */
    @Test
    void shouldJudgeTheRepeatsOfACellAtTheirMedianAgainstTheBaseline() {
        Summary before = GateTest.summaryOf(GateTest.row("L", "ab -c 10 -n 1000", 100, 0, 100, 1000));
        Summary oneSlow = GateTest.summaryOf(
                GateTest.row("L", "ab -c 10 -n 1000", 100, 0, 300, 400),
                GateTest.row("L", "ab -c 10 -n 1000 repeat=2", 100, 0, 105, 990),
                GateTest.row("L", "ab -c 10 -n 1000 repeat=3", 100, 0, 101, 1000));
        List<Check> checks = Gate.regressions(oneSlow, before, GateTest.settings());
        assertEquals(2, checks.size(), checks.toString());
        assertTrue(checks.stream().allMatch(Check::passed), checks.toString());
        assertEquals(
                "gatling HTTP/1.1 L / ab -c 10 -n 1000 (median of 3 repeats)",
                checks.get(0).scenario());
        assertEquals("105", checks.get(0).now());

        Summary twoSlow = GateTest.summaryOf(
                GateTest.row("L", "ab -c 10 -n 1000", 100, 0, 300, 400),
                GateTest.row("L", "ab -c 10 -n 1000 repeat=2", 100, 0, 280, 450),
                GateTest.row("L", "ab -c 10 -n 1000 repeat=3", 100, 0, 101, 1000));
        assertTrue(
                Gate.regressions(twoSlow, before, GateTest.settings()).stream().noneMatch(Check::passed));
    }

    @Test
    void shouldRefuseABaselineThatIsNoSummary() {
        IOException e =
                assertThrows(IOException.class, () -> Summary.read(Fixtures.path("jmeter/statistics.json"), "hint"));
        assertTrue(e.getMessage().contains("is not a loadlab summary.json"), e.getMessage());
    }

    /**
     * Real summaries of two builds of the same code: a normal one, and one whose gateway upstream was slowed from
     * 100 to 400 ms ({@code mvn verify -Dgateway.latenciesMs=400 -Dbaseline=<the first summary.json>}).
     */
    @Test
    void shouldFailTheSlowedRunAgainstItsBaselineNamingTheGatewayScenarioOnly() throws IOException {
        Summary baseline = Summary.read(Fixtures.path("gate/baseline-summary.json"), "");
        Summary slowed = Summary.read(Fixtures.path("gate/slowed-gateway-summary.json"), "");
        List<Check> failed = Gate.regressions(slowed, baseline, GateTest.settings()).stream()
                .filter(c -> !c.passed())
                .toList();
        assertEquals(
                List.of(
                        "gatling HTTP/1.1 GatewayCapacitySimulation / all requests p95 ms",
                        "gatling HTTP/2 GatewayCapacitySimulation / all requests p95 ms"),
                failed.stream().map(c -> c.scenario() + " " + c.figure()).toList());
        assertTrue(
                Gate.limits(slowed, GateTest.settings()).stream().allMatch(Check::passed),
                "the slowed run is within the plain limits");
        assertTrue(Gate.regressions(baseline, baseline, GateTest.settings()).stream()
                .allMatch(Check::passed));
    }
}
