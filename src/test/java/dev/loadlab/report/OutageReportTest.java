package dev.loadlab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.loadlab.report.gate.Gate;
import dev.loadlab.report.gate.GateSettings;
import dev.loadlab.report.index.IndexPage;
import dev.loadlab.report.model.BuildLayout;
import dev.loadlab.report.model.Check;
import dev.loadlab.report.model.Summary;
import dev.loadlab.settings.Settings;
import dev.loadlab.studies.apigateway.StressRuns;
import dev.loadlab.studies.apigateway.StressStop;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A target that died in the middle of a run and came back (real Gatling and JMeter runs, errors/*-outage): a complete
 * report, the outage where it happened, and a failing gate that names the kind.
 */
class OutageReportTest {

    private static Summary buildFromOutageRuns(Path dir) throws IOException {
        Path target = dir.resolve("target");
        Path gatling = Files.createDirectories(target.resolve("gatling/http1/outagesimulation-20261123205812555"));
        Files.copy(Fixtures.path("errors/gatling-outage/simulation.log"), gatling.resolve("simulation.log"));
        Path jmeter = Files.createDirectories(target.resolve("jmeter/results/http1"));
        Files.copy(
                Fixtures.path("errors/jmeter-outage/api-gateway-stress.csv"), jmeter.resolve("api-gateway-stress.csv"));
        return ReportMain.build(new BuildLayout(dir), Settings.of(Map.of()));
    }

    @Test
    void shouldFailTheGateForARunWhoseTargetDiedAndNameTheKind(@TempDir Path dir) throws IOException {
        Summary s = buildFromOutageRuns(dir);

        // gate.limits' default exempts the stress runs from the error limit (they are meant to fail): not here
        List<Check> failed = Gate.limits(s, GateSettings.from(Settings.of(Map.of("gate.limits", "none")))).stream()
                .filter(c -> !c.passed())
                .toList();

        Check gatling = failed.stream()
                .filter(c -> c.scenario().equals("gatling HTTP/1.1 OutageSimulation / all requests"))
                .findFirst()
                .orElseThrow(() -> new AssertionError(failed.toString()));
        assertEquals("error %", gatling.figure());
        assertEquals("28.57 (connection refused 80)", gatling.now());
        assertTrue(Gate.table(failed).contains("connection refused"));
        assertTrue(
                failed.stream()
                        .anyMatch(c -> c.scenario().startsWith("jmeter HTTP/1.1 api-gateway-stress")
                                && c.now().contains("connection refused")),
                failed.toString());
    }

    @Test
    void shouldLeaveTheStressPlanToItsOwnRuleUnderTheDefaultLimits(@TempDir Path dir) throws IOException {
        Summary s = buildFromOutageRuns(dir);

        List<Check> failed = Gate.limits(s, GateSettings.from(Settings.of(Map.of()))).stream()
                .filter(c -> !c.passed())
                .toList();

        assertTrue(failed.stream().noneMatch(c -> c.scenario().startsWith("jmeter")), failed.toString());
        assertTrue(failed.stream().anyMatch(c -> c.scenario().startsWith("gatling")), failed.toString());
    }

    @Test
    void shouldDrawTheOutageOverTimeInTheReportForEachTool(@TempDir Path dir) throws IOException {
        Summary s = buildFromOutageRuns(dir);

        String html = IndexPage.render(s, 1);

        assertEquals(2, s.timelines().size());
        assertTrue(html.contains("<section id=\"errors-over-time\">"));
        assertTrue(html.contains("id=\"chart-errors-0\""));
        assertTrue(html.contains("id=\"chart-errors-1\""));
        assertTrue(html.contains("id=\"chart-time-1\""), "throughput and percentiles over time, each run");
        assertTrue(html.contains("connection refused"));
        assertTrue(html.contains("<section id=\"stress\">"), "the stress section is there, with the JMeter plan's run");
        assertFalse(html.contains("<script src"));
    }

    @Test
    void shouldKeepKindsDetailsTimelinesAndStressStopsThroughSummaryJson(@TempDir Path dir) throws IOException {
        Summary s = buildFromOutageRuns(dir);
        Path json = dir.resolve("summary.json");
        new ObjectMapper().writeValue(json.toFile(), s);

        Summary read = Summary.read(json, "");

        assertEquals(s.timelines(), read.timelines());
        assertEquals(stops(s), stops(read));
        assertFalse(stops(s).isEmpty(), "the JMeter plan's stress run");
        assertEquals(
                s.scenarios().get(0).errorDetails(), read.scenarios().get(0).errorDetails());
    }

    @Test
    void shouldStillReadASummaryFromBeforeTheKinds() throws IOException {
        Summary old = Summary.read(Fixtures.path("gate/baseline-summary.json"), "");

        assertEquals(List.of(), old.timelines());
        assertEquals(List.of(), stops(old));
        assertEquals(Map.of(), old.scenarios().get(0).errorDetails());
    }

    private static List<StressStop> stops(Summary s) {
        return s.figures("api-gateway", StressRuns.Figures.class)
                .map(StressRuns.Figures::stressStops)
                .orElse(List.of());
    }
}
