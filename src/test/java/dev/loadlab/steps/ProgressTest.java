package dev.loadlab.steps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.report.read.PlannedRuns;
import dev.loadlab.settings.Settings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProgressTest {
    private static final List<PlannedRuns.Run> PLAN = List.of(
            new PlannedRuns.Run("gatling", "h2", "CalibrationSimulation", "calibration", 60),
            new PlannedRuns.Run("gatling", "h2", "ODataWriteSimulation", "odata-write", 1500),
            new PlannedRuns.Run("jmeter", "h2c", "api-gateway", "api-gateway", -1));

    @Test
    void shouldSayWhichRunStartsHowManyAreDoneAndTheTimeLeftAsTheLastBuildTookThem() {
        List<Progress.Start> started = List.of(
                new Progress.Start(0, "gatling", "h2", "CalibrationSimulation"),
                new Progress.Start(61_000, "gatling", "h2", "ODataWriteSimulation"));

        assertEquals(
                "[loadlab] run 2 of 3: odata-write, gatling over h2 (ODataWriteSimulation); 1 done, about 25 min left as"
                        + " the last full build took (and 1 run it did not time)",
                Progress.line(PLAN, started, Set.of(), "full"));
    }

    @Test
    void shouldLeaveTheRunsOfAWireTheTargetDidNotSpeakOutOfThePlan() {
        List<Progress.Start> started = List.of(new Progress.Start(0, "gatling", "h2", "CalibrationSimulation"));

        String line = Progress.line(PLAN, started, Set.of("h2c"), "smoke");

        assertTrue(line.startsWith("[loadlab] run 1 of 2: calibration, gatling over h2"), line);
        assertTrue(line.endsWith("about 26 min left as the last smoke build took"), line);
    }

    @Test
    void shouldSayTheTimeLeftIsNotKnownBeforeAnyBuildAtThisScaleKeptItsProgress() {
        List<PlannedRuns.Run> untimed = PLAN.stream()
                .map(e -> new PlannedRuns.Run(e.tool(), e.wire(), e.run(), e.experiment(), -1))
                .toList();
        List<Progress.Start> started = List.of(new Progress.Start(0, "jmeter", "h2c", "api-gateway"));

        assertTrue(Progress.line(untimed, started, Set.of(), "full")
                .endsWith("0 done, time left not known: no earlier full build kept its progress"));
    }

    @Test
    void shouldSayTheLastBuildDidNotTimeTheRunsAheadWhereItTimedOthers() {
        List<Progress.Start> started = List.of(
                new Progress.Start(0, "gatling", "h2", "CalibrationSimulation"),
                new Progress.Start(1, "gatling", "h2", "ODataWriteSimulation"),
                new Progress.Start(2, "jmeter", "h2c", "api-gateway"));

        assertTrue(Progress.line(PLAN, started, Set.of(), "smoke")
                .endsWith("2 done, time left not known: the last smoke build did not time the runs ahead"));
    }

    @Test
    void shouldTimeEachRunOfAKeptBuildAtTheSameScaleUntilTheNextStarted(@TempDir Path runs) throws IOException {
        kept(runs.resolve("a"), "full", "1000\tgatling\th2\tA\n61000\tgatling\th2\tB\n181000\tjmeter\th2c\tc\n");
        kept(runs.resolve("b"), "smoke", "0\tgatling\th2\tA\n5000\tgatling\th2\tB\n");

        Map<String, Long> timed = BuildPlan.timed(runs, "full");

        assertEquals(Map.of("gatling\th2\tA", 60L, "gatling\th2\tB", 120L), timed, "the last run has no next start");
    }

    /** A team's project has no study's source: the plan names the studies' simulations from the experiment alone. */
    @Test
    void shouldPlanEachStudySimulationOnEachGatlingWireWithoutItsSources(@TempDir Path dir) {
        Runs runs = Runs.of(Settings.of(Map.of("experiments", "api-gateway")));
        List<String> gatling = BuildPlan.of(runs, dir, "*", Map.of()).stream()
                .filter(e -> e.tool().equals("gatling"))
                .map(e -> e.wire() + " " + e.run() + " " + e.experiment())
                .toList();
        assertEquals(
                List.of(
                        "http1-tls ApiGatewaySimulation api-gateway",
                        "http1-tls ApiGatewayStressSimulation api-gateway",
                        "h2 ApiGatewaySimulation api-gateway",
                        "h2 ApiGatewayStressSimulation api-gateway"),
                gatling);
    }

    private static void kept(Path dir, String scale, String starts) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(Progress.FILE), BuildPlan.SCALE_HEADER + scale + "\n" + starts);
    }
}
