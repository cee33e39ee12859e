package dev.loadlab.report.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.report.model.Check;
import dev.loadlab.report.model.Generator;
import dev.loadlab.report.model.LoadGenerators;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.model.TestRows;
import dev.loadlab.report.model.TestSummaries;
import dev.loadlab.report.read.GatlingResults;
import dev.loadlab.settings.SettingError;
import dev.loadlab.settings.Settings;
import dev.loadlab.studies.Studies;
import dev.loadlab.studies.gatewaycapacity.Gateway;
import dev.loadlab.studies.gatewaycapacity.GatewayCapacityStudy;
import dev.loadlab.studies.gatewaycapacity.TestSteps;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GateTest {

    /** The gate's settings from {@code name=value} pairs, as {@code -Dname=value} would give them. */
    static GateSettings settings(String... given) {
        Map<String, String> values = new HashMap<>();
        for (String g : given) {
            values.put(g.substring(0, g.indexOf('=')), g.substring(g.indexOf('=') + 1));
        }
        return GateSettings.from(Settings.of(values));
    }

    static Summary summaryOf(Summary.Row... rows) {
        return summaryOf(List.of(), rows);
    }

    static Summary summaryOf(List<LoadGenerators> generators, Summary.Row... rows) {
        return summaryOf(generators, List.of(), rows);
    }

    static Summary summaryOf(List<LoadGenerators> generators, List<Gateway.Step> gatewaySteps, Summary.Row... rows) {
        return TestSummaries.of(List.of(rows))
                .generators(generators)
                .figures(GatewayCapacityStudy.NAME, new Gateway.Figures(gatewaySteps, List.of()))
                .build();
    }

    static Summary.Row row(String run, String scenario, long samples, double errorPct, long p95, double throughput) {
        return TestRows.row("gatling", "HTTP/1.1", run, scenario)
                .samples(samples)
                .latency(1, 0, p95, 1)
                .errorPct(errorPct)
                .throughput(throughput)
                .percentiles(1, 1, 1, p95, p95)
                .build();
    }

    @Test
    void shouldFailAScenarioOverItsLimitsAndNameIt() {
        Summary s = summaryOf(
                row("LatencySimulation", "foo/bar", 100, 0, 30, 100),
                row("ApiGatewaySimulation", "getAllUsers", 100, 7.5, 10, 100));
        List<Check> failed = Gate.limits(s, settings("gate.maxP95Ms=20")).stream()
                .filter(c -> !c.passed())
                .toList();
        assertEquals(2, failed.size(), failed.toString());
        assertTrue(failed.stream()
                .anyMatch(c -> c.scenario().contains("LatencySimulation / foo/bar")
                        && c.figure().equals("p95 ms")));
        assertTrue(failed.stream()
                .anyMatch(c -> c.scenario().contains("ApiGatewaySimulation / getAllUsers")
                        && c.figure().equals("error %")));
        assertTrue(Gate.table(failed).contains("LatencySimulation / foo/bar"));
    }

    private static Gateway.Step gatewayStep(int rps, boolean sustained) {
        return TestSteps.step("HTTP/1.1", rps, 100, sustained, null);
    }

    @Test
    void shouldPassOverTheGatewayStepsPastTheKneeAndTheirAllRequestsButHoldTheOthers() {
        Summary.Row sustained =
                row("GatewayCapacitySimulation", "latencyMs=100 stepRps=32 / gateway payload", 32, 0, 80_000, 32);
        Summary.Row broken =
                row("GatewayCapacitySimulation", "latencyMs=100 stepRps=64 / gateway payload", 64, 52.4, 9000, 30);
        Summary.Row all = row("GatewayCapacitySimulation", "all requests", 96, 13.8, 9000, 40);
        Summary runs =
                summaryOf(List.of(), List.of(gatewayStep(32, true), gatewayStep(64, false)), sustained, broken, all);

        List<Check> checks = Gate.limits(runs, settings());
        assertEquals(2, checks.size(), "the sustained step's error % and p95 alone: " + checks);
        assertTrue(checks.stream().allMatch(c -> c.scenario().contains("stepRps=32")), checks.toString());
        assertTrue(checks.stream().anyMatch(c -> !c.passed()), "a sustained step is still held to its limits");
        assertEquals(
                List.of(broken, all),
                Studies.passedOver(runs).stream()
                        .flatMap(p -> p.rows().stream())
                        .toList());

        Summary noKnee = summaryOf(sustained, all);
        assertEquals(4, Gate.limits(noKnee, settings()).size(), "no step broke: every row is checked");
    }

    @Test
    void shouldLetTheLastMatchingEntryOfGateLimitsWin() {
        GateSettings s = settings("gate.limits=Simulation:p95Ms=100;Latency:errorPct=2");
        assertEquals(new GateSettings.Limit(2, 100), s.limitFor("gatling HTTP/1.1 LatencySimulation / foo/bar"));
        assertEquals(new GateSettings.Limit(5, 100), s.limitFor("gatling HTTP/2 ApiGatewaySimulation / all requests"));
        assertEquals(new GateSettings.Limit(100, 5000), settings().limitFor("jmeter HTTP/2 stress / all samples"));
    }

    @Test
    void shouldHoldTheRowsAnEntryNamesToEveryFigureItBoundsAsAnSlaReads() {
        Summary s = summaryOf(
                row("OrdersSimulation", "GET users", 100, 0, 40, 12.5),
                row("ApiGatewaySimulation", "getAllUsers", 100, 0, 40, 100));

        List<Check> checks =
                Gate.limits(s, settings("gate.limits=orders:p99Ms=30:meanMs=2:maxMs=50:minRps=20:p50Ms=1"));

        // every row: error % and p95; the orders row also what the entry bounds, in one order whatever the entry's
        assertEquals(
                List.of("error %", "p95 ms", "p50 ms", "p99 ms", "mean ms", "max ms", "throughput/s"),
                checks.stream()
                        .filter(c -> c.scenario().contains("OrdersSimulation"))
                        .map(Check::figure)
                        .toList());
        assertEquals(
                2,
                checks.stream().filter(c -> c.scenario().contains("ApiGateway")).count());
        List<Check> failed = checks.stream().filter(c -> !c.passed()).toList();
        assertEquals(
                List.of("p99 ms", "throughput/s"),
                failed.stream().map(Check::figure).toList());
        assertEquals("<= 30", failed.get(0).limit());
        assertEquals(">= 20", failed.get(1).limit());
        assertEquals("12.50", failed.get(1).now());
    }

    /** At -Pfull one customRest write carries 20,000 records: 5,443 ms over TLS in a full build of this project. */
    @Test
    void shouldHoldTheWriteStudysRowsToGatlingsRequestTimeoutAtFullAndToTheDefaultAtSmoke() {
        assertRequestTimeoutAtFullAndDefaultAtSmoke(
                "gatling HTTP/1.1 ODataWriteSimulation / customRest records=20000 / bulk",
                5,
                "gatling HTTP/1.1 LatencySimulation / foo/bar");
    }

    /** At -Pfull a stress step past what the machine holds: 10,247 ms over TLS at 3,200/s in a full build here. */
    @Test
    void shouldHoldTheStressRowsToGatlingsRequestTimeoutAtFullAndToTheDefaultAtSmoke() {
        assertRequestTimeoutAtFullAndDefaultAtSmoke(
                "gatling HTTP/1.1 over TLS ApiGatewayStressSimulation / stepRps=3200 / getAllUsers",
                100,
                "gatling HTTP/1.1 over TLS ApiGatewaySimulation / getAllUsers");
    }

    /**
     * {@code row}'s p95 is held to Gatling's request timeout (60 s) at full scale and to the default 5 s at smoke, its
     * errors to {@code maxErrorPct} either way; {@code ordinaryRow} keeps the defaults even at full scale.
     */
    private static void assertRequestTimeoutAtFullAndDefaultAtSmoke(String row, int maxErrorPct, String ordinaryRow) {
        assertEquals(
                new GateSettings.Limit(maxErrorPct, 60_000),
                settings("scale=full").limitFor(row));
        assertEquals(new GateSettings.Limit(maxErrorPct, 5000), settings().limitFor(row));
        assertEquals(new GateSettings.Limit(5, 5000), settings("scale=full").limitFor(ordinaryRow));
    }

    @Test
    void shouldReportABadSettingInOneLineNamingItAndWhatIsAllowed() {
        SettingError e = assertThrows(SettingError.class, () -> settings("gate.p95RisePct=-3"));
        assertEquals("-Dgate.p95RisePct=-3 is not allowed: expected a number in [0, 10000]", e.getMessage());
        e = assertThrows(SettingError.class, () -> settings("gate.limits=foo:p95=3"));
        assertTrue(
                e.getMessage().startsWith("-Dgate.limits=foo:p95=3 is not allowed: expected entries"), e.getMessage());
    }

    @Test
    void shouldPassARunOfSeveralInjectorsWhoseSamplesAddUpToItsTotalRow() {
        Summary s = summaryOf(
                List.of(injectors(60, 40)), row("CalibrationSimulation", GatlingResults.ALL_REQUESTS, 100, 0, 1, 1));
        List<Check> checks = Gate.generators(s);
        assertEquals(1, checks.size());
        assertTrue(checks.get(0).passed(), checks.toString());
    }

    @Test
    void shouldFailARunWhoseInjectorsSamplesDoNotAddUpToItsTotalRow() {
        // the total row counts a sample the parts do not (lost from an injector, or counted twice in the merge)
        Summary s = summaryOf(
                List.of(injectors(60, 40)), row("CalibrationSimulation", GatlingResults.ALL_REQUESTS, 101, 0, 1, 1));
        Check c = Gate.generators(s).get(0);
        assertTrue(!c.passed());
        assertEquals("generators: gatling HTTP/1.1 CalibrationSimulation samples of 2 injectors", c.name());
        assertEquals("100", c.now());
        assertEquals("== 101 (total row)", c.limit());
    }

    @Test
    void shouldFailARunOfSeveralGeneratorsWithoutATotalRow() {
        Summary s = summaryOf(
                List.of(injectors(60, 40)), row("OtherSimulation", GatlingResults.ALL_REQUESTS, 100, 0, 1, 1));
        assertTrue(!Gate.generators(s).get(0).passed());
    }

    @Test
    void shouldAddNoGeneratorCheckForRunsOfOneGenerator() {
        assertEquals(List.of(), Gate.generators(summaryOf(row("LatencySimulation", "foo/bar", 100, 0, 30, 100))));
    }

    private static LoadGenerators injectors(long... samples) {
        List<Generator> parts = new java.util.ArrayList<>();
        for (int i = 0; i < samples.length; i++) {
            parts.add(new Generator("injector " + (i + 1) + "/" + samples.length, samples[i], 0, 1, 2, 1));
        }
        long total = java.util.Arrays.stream(samples).sum();
        return new LoadGenerators(
                "gatling",
                "HTTP/1.1",
                "CalibrationSimulation",
                "injector",
                samples.length,
                parts,
                new Generator("total", total, 0, 1, 2, 1));
    }
}
