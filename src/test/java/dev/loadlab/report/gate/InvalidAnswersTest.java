package dev.loadlab.report.gate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.report.model.Check;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.model.TestRows;
import dev.loadlab.report.model.TestSummaries;
import dev.loadlab.settings.Settings;
import dev.loadlab.studies.gatewaycapacity.Gateway;
import dev.loadlab.studies.gatewaycapacity.GatewayCapacityStudy;
import dev.loadlab.studies.gatewaycapacity.TestSteps;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The gate's answer checks: an answer that is not its study's counts for nothing, on any row. */
class InvalidAnswersTest {
    @Test
    void shouldFailEveryRowWithAnswersThatAreNotTheStudysEvenAStepPastTheKnee() {
        String typo = "graphql error: Cannot query field \"txt\" on type \"Item\".";
        Summary.Row broken = TestRows.row(
                        "gatling",
                        "HTTP/1.1",
                        "GatewayCapacitySimulation",
                        "latencyMs=100 stepRps=64 / gateway payload")
                .samples(64)
                .errorPct(100)
                .errors(Map.of(typo, 64L))
                .build();
        Summary.Row all = TestRows.row("gatling", "HTTP/1.1", "GatewayCapacitySimulation", "all requests")
                .samples(64)
                .errorPct(100)
                .errors(Map.of(typo, 64L))
                .build();
        Summary.Row refused = TestRows.row("gatling", "HTTP/1.1", "OrdersSimulation", "GET orders")
                .samples(10)
                .errorPct(10)
                .errors(Map.of("HTTP 503", 1L))
                .build();
        Summary runs = TestSummaries.of(List.of(broken, all, refused))
                .figures(
                        GatewayCapacityStudy.NAME,
                        new Gateway.Figures(List.of(TestSteps.step("HTTP/1.1", 64, 100, false, null)), List.of()))
                .build();
        assertTrue(Gate.limits(runs, GateSettings.from(Settings.of(Map.of()))).stream()
                .noneMatch(c -> c.scenario().contains("stepRps=64")));

        List<Check> checks = Gate.invalidAnswers(runs);
        assertEquals(1, checks.size(), "the step's row, not its run's total, nor an HTTP error: " + checks);
        assertEquals(typo, checks.get(0).figure());
        assertEquals("64 of 64", checks.get(0).now());
        assertTrue(checks.stream().noneMatch(Check::passed));
    }
}
