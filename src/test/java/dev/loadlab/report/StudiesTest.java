package dev.loadlab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.report.read.GatlingLog;
import dev.loadlab.report.read.Parts;
import dev.loadlab.settings.Settings;
import dev.loadlab.studies.gatewaycapacity.Gateway;
import dev.loadlab.studies.gatewaycapacity.GatewaySection;
import dev.loadlab.studies.gatewaycapacity.GatewaySteps;
import dev.loadlab.studies.gatewaycapacity.ServerSamples;
import dev.loadlab.studies.gatewaycapacity.TestSteps;
import dev.loadlab.studies.latency.AbRuns;
import dev.loadlab.studies.latency.LatencyStudy.AbRun;
import dev.loadlab.studies.odatawrite.WritePoint;
import dev.loadlab.studies.odatawrite.WriteStrategies;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The studies' figures from real Gatling logs of this build. */
class StudiesTest {

    @Test
    void shouldSplitTheLatencyRunIntoItsAbRunsByScenarioWindow() throws IOException {
        List<AbRun> runs = AbRuns.of("HTTP/1.1", GatlingLog.read(Fixtures.path("gatling-latency/simulation.log")));
        assertEquals(2, runs.size());
        assertEquals(10, runs.get(0).concurrency());
        assertEquals(1000, runs.get(0).completeRequests());
        assertEquals(1, runs.get(1).concurrency());
        assertEquals(50, runs.get(1).completeRequests());
        AbRun first = runs.get(0);
        // ab's definitions: time per request = concurrency x time taken / requests; across all = time taken / requests
        assertEquals(first.timePerRequestAcrossMs() * 10, first.timePerRequestMs(), 1e-9);
        assertEquals(first.completeRequests() / first.timeTakenSeconds(), first.requestsPerSecond(), 1e-9);
        assertEquals(first.times().get("total").max(), first.servedWithinMs().get("100%"));
    }

    @Test
    void shouldGiveMsPerRecordAsTheGroupsWallTimeOverTheRecords() throws IOException {
        GatlingLog log = GatlingLog.read(Fixtures.path("gatling-odata/simulation.log"));
        List<WritePoint> points = WriteStrategies.of("HTTP/1.1", log);
        assertEquals(8, points.size(), points.toString());
        WritePoint parallel = points.stream()
                .filter(p -> p.strategy().equals("parallel") && p.records() == 100)
                .findFirst()
                .orElseThrow();
        assertEquals(10, parallel.width());
        int first = log.groups().stream()
                .filter(g -> g.path().equals("parallel-10 records=100"))
                .mapToInt(GatlingLog.Group::startMs)
                .min()
                .orElseThrow();
        int last = log.groups().stream()
                .filter(g -> g.path().equals("parallel-10 records=100"))
                .mapToInt(GatlingLog.Group::endMs)
                .max()
                .orElseThrow();
        assertEquals(last - first, parallel.wallMs());
        assertEquals((last - first) / 100.0, parallel.msPerRecord(), 1e-9);
    }

    @Test
    void shouldReadTheUpstreamP95FromAFileWithoutTheGatewaysColumn(@TempDir Path dir) throws IOException {
        Parts parts = read(copyGatewayRun(dir)); // the fixture's upstream-timing.csv predates the gatewayMs column

        assertTrue(TestSteps.steps(parts).stream().allMatch(s -> s.upstreamP95Ms() != null));
        assertTrue(TestSteps.steps(parts).stream().allMatch(s -> s.gatewayP95Ms() == null));
    }

    @Test
    void shouldListAnOldRunsStepsByRateNotJudgedAndSaySoWithoutGatewayStepsCsv(@TempDir Path dir) throws IOException {
        Parts parts = read(copyGatewayRun(dir)); // the fixture's run predates the search and its gateway-steps.csv

        assertEquals(
                List.of(1, 2, 4, 8, 16),
                TestSteps.steps(parts).stream().map(Gateway.Step::stepRps).toList());
        assertTrue(TestSteps.steps(parts).stream().allMatch(s -> s.phase() == null && s.sustained() == null));
        assertNull(TestSteps.knees(parts).get(0).maxSustainableRps());
        assertEquals("not known", GatewaySection.searched(TestSteps.knees(parts).get(0)));
        assertTrue(parts.missing.stream().anyMatch(m -> m.contains(GatewaySteps.STEPS_CSV)), parts.missing.toString());
    }

    private static Parts read(Path run) throws IOException {
        Parts parts = new Parts();
        GatewaySteps reader = new GatewaySteps(new GatewaySteps.Judging(
                "errors <= 1 %",
                1, 100, GatewaySteps.Judging.from(Settings.of(Map.of())).pod(), 128));
        reader.read("HTTP/1.1", run, GatlingLog.read(run.resolve("simulation.log")), parts);
        reader.finish(parts);
        return parts;
    }

    @Test
    void shouldShowServerCpuAndHeapPerStepFromThePolledMetrics(@TempDir Path dir) throws IOException {
        Path run = copyGatewayRun(dir);
        long start = GatlingLog.read(run.resolve("simulation.log")).startEpochMs();
        // 1 s of CPU on 2 cores over 2 s of wall time = 25 %; heap 100 MiB then 200 MiB
        Files.writeString(
                run.resolve(ServerSamples.FILE_NAME),
                "epochMs,processCpuNanos,cores,heapUsedBytes,startupMs\n" + start + ",0,2,104857600,412\n"
                        + (start + 20_000) + ",10000000000,2,209715200,412\n");
        Parts parts = read(run);
        assertEquals(412L, parts.serverStartupMs);
        Gateway.Step step = TestSteps.steps(parts).get(0);
        assertEquals(25.0, step.serverCpuPct(), 1e-9);
        assertEquals(200.0, step.serverHeapMb(), 1e-9);
        assertTrue(
                parts.missing.stream().noneMatch(m -> m.contains(ServerSamples.FILE_NAME)), parts.missing.toString());
    }

    @Test
    void shouldGiveEachProcessItsMillicoresAndResidentMegabytesPerStep(@TempDir Path dir) throws IOException {
        Path run = copyGatewayRun(dir);
        long start = GatlingLog.read(run.resolve("simulation.log")).startEpochMs();
        // the gateway: 10 s of CPU over 20 s = 500 millicores, 246 MB resident at most; its upstream 2 s: 100 m, 90 MB
        // (each the sample at the step's end)
        String header = "epochMs,processCpuNanos,cores,heapUsedBytes,startupMs,residentBytes,openConnections\n";
        Files.writeString(
                run.resolve(ServerSamples.FILE_NAME),
                header + start + ",0,2,104857600,412,200000000,1\n" + (start + 20_000)
                        + ",10000000000,2,209715200,412,246000000,4\n");
        Files.writeString(
                run.resolve(ServerSamples.UPSTREAM_FILE_NAME),
                header + start + ",0,2,1,300,80000000,1\n" + (start + 20_000) + ",2000000000,2,1,300,90000000,1\n");
        Parts parts = read(run);
        Gateway.Step step = TestSteps.steps(parts).get(0);
        assertEquals(new Gateway.ProcessUse(500.0, 246.0), step.gateway());
        assertEquals(new Gateway.ProcessUse(100.0, 90.0), step.upstream());
        assertEquals(4L, step.openConnections());
        assertEquals(25.0, step.serverCpuPct(), 1e-9);
        Gateway.Headroom headroom = TestSteps.knees(parts).get(0).headroom();
        assertEquals(500.0, headroom.maxCpuMillicores(), 1e-9);
        assertEquals(246.0, headroom.maxMemoryMb(), 1e-9);
    }

    private static Path copyGatewayRun(Path dir) throws IOException {
        Path run = Files.createDirectories(dir.resolve("gatewaycapacitysimulation-1"));
        Files.copy(Fixtures.path("gatling-gateway/simulation.log"), run.resolve("simulation.log"));
        Files.copy(Fixtures.path("gatling-gateway/upstream-timing.csv"), run.resolve("upstream-timing.csv"));
        return run;
    }
}
