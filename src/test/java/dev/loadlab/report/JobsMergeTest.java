package dev.loadlab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.report.gate.StoredVerdict;
import dev.loadlab.report.model.BuildLayout;
import dev.loadlab.report.model.Check;
import dev.loadlab.report.model.Runner;
import dev.loadlab.report.model.Summary;
import dev.loadlab.settings.SettingError;
import dev.loadlab.settings.Settings;
import dev.loadlab.studies.calibration.CalibrationRow;
import dev.loadlab.studies.calibration.CalibrationStudy;
import dev.loadlab.studies.latency.LatencyStudy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A build split into jobs by experiment, merged (docs/ci.md): each job's report made by the report step from real
 * results as a build leaves them (Gatling's latency run, JMeter's api-gateway plan with its dashboard), set beside the
 * report of one build of both experiments from the same files.
 */
class JobsMergeTest {
    @TempDir
    Path dir;

    @Test
    void shouldGiveTheRowsAndTheGateChecksThatOneBuildOfAllTheJobsExperimentsGives() throws IOException {
        Path latency = job("latency");
        Path apiGateway = job("api-gateway");
        Path oneBuild = job("api-gateway,latency");
        Path merge = dir.resolve("merge");

        int status = JobsMerge.run(merge, jobs(latency, apiGateway));

        Summary merged = Summary.read(new BuildLayout(merge).summary(), "");
        Summary one = Summary.read(new BuildLayout(oneBuild).summary(), "");
        assertEquals(sorted(one.scenarios()), sorted(merged.scenarios()), "every row of each job, as one build has it");
        assertEquals(List.of("api-gateway", "latency"), merged.run().experiments(), "in the studies' order");
        assertEquals(one.run().experimentsLeftOut(), merged.run().experimentsLeftOut());
        assertEquals(
                one.figures("latency", LatencyStudy.Figures.class),
                merged.figures("latency", LatencyStudy.Figures.class));
        assertEquals(
                sortedChecks(checks(oneBuild)),
                sortedChecks(checks(merge)),
                "each job's checks, and no other: the checks one build makes");
        assertEquals(GateMain.run(oneBuild, Settings.of(Map.of())), status, "the verdict one build's gate gives");
        for (var report : merged.nativeReports()) {
            assertTrue(Files.isRegularFile(merge.resolve("reports").resolve(report.path())), report.path());
        }
        assertTrue(Files.isRegularFile(
                merge.resolve("reports/runs").resolve(merged.run().label() + "/summary.json")));
        // where each row was measured: each job's runner, named by the job, with the runs whose rows it holds
        assertEquals(1, one.run().runners().size());
        List<Runner> runners = merged.run().runners();
        assertEquals(
                List.of(latency.toString(), apiGateway.toString()),
                runners.stream().map(Runner::job).toList());
        assertEquals(
                Runner.runs(Summary.read(new BuildLayout(latency).summary(), "").scenarios()),
                runners.get(0).runs());
        assertEquals(one.run().runners().get(0).host(), runners.get(1).host());
        String index = Files.readString(merge.resolve("reports/index.html"));
        assertTrue(index.contains(runners.get(1).job()) && index.contains("runs (its rows)"), "the runners' table");
    }

    @Test
    void shouldFailTheGateNamingAJobThatLeftNoRunAndStillReportTheOthers() throws IOException {
        Path latency = job("latency");
        Path lost = dir.resolve("jobs/bulk"); // the job's artifact never came
        Path merge = dir.resolve("merge");

        int status = JobsMerge.run(merge, jobs(latency, lost));

        assertEquals(1, status);
        Summary merged = Summary.read(new BuildLayout(merge).summary(), "");
        assertEquals(
                sorted(Summary.read(new BuildLayout(latency).summary(), "").scenarios()), sorted(merged.scenarios()));
        Check first = checks(merge).get(0);
        assertEquals("job", first.kind());
        assertFalse(first.passed());
        assertTrue(first.now().startsWith("no folder " + lost), first.now());
    }

    @Test
    void shouldFailTheGateOnAJobWhoseSummaryIsNotTheOneItsChecksWereMadeOf() throws IOException {
        Path latency = job("latency");
        Path apiGateway = job("api-gateway");
        Path summary = new BuildLayout(apiGateway).summary();
        Files.writeString(summary, Files.readString(summary) + "\n"); // a byte changed since its report step judged it

        int status = JobsMerge.run(dir.resolve("merge"), jobs(latency, apiGateway));

        assertEquals(1, status);
        Check first = checks(dir.resolve("merge")).get(0);
        assertEquals("job " + apiGateway, first.scenario());
        assertTrue(first.now().contains("gate-checks.json is missing, unreadable or of another summary.json"));
    }

    @Test
    void shouldRefuseTwoJobsOfOneExperimentInOneLineAndLeaveTheLastReportStanding() throws IOException {
        Path first = job("latency");
        Path again = job("latency");
        Path merge = dir.resolve("merge");

        SettingError e = assertThrows(SettingError.class, () -> JobsMerge.run(merge, jobs(first, again)));

        assertEquals(
                "-Dmerge.jobs: " + first + " and " + again + " both ran latency: a merge takes each experiment from one"
                        + " job; name one of them",
                e.getMessage());
        assertFalse(Files.exists(merge.resolve("reports")));
    }

    @Test
    void shouldKeepTheCalibrationOfEachJobApartNamedByItsJobAsTheRunnerThatVouchesForItsRows() throws IOException {
        Path latency = job("latency,calibration");
        Path apiGateway = job("api-gateway,calibration");
        Path merge = dir.resolve("merge");

        JobsMerge.run(merge, jobs(latency, apiGateway));

        Summary merged = Summary.read(new BuildLayout(merge).summary(), "");
        List<String> rows = new ArrayList<>();
        List<Check> checks = new ArrayList<>();
        for (Path job : List.of(latency, apiGateway)) {
            Summary own = Summary.read(new BuildLayout(job).summary(), "");
            for (Summary.Row r : own.scenarios()) {
                String key = r.run().equals("calibration")
                        ? r.key().replace(" calibration /", " calibration @ " + job + " /")
                        : r.key();
                rows.add(figures(key, r));
            }
            checks.addAll(checks(job).stream()
                    .map(c -> new Check(
                            c.kind(),
                            c.scenario().endsWith(" calibration")
                                    ? c.scenario() + " @ " + job
                                    : c.scenario().replace(" calibration /", " calibration @ " + job + " /"),
                            c.figure(),
                            c.baseline(),
                            c.now(),
                            c.limit(),
                            c.passed()))
                    .toList());
        }
        assertEquals(
                rows.stream().sorted().toList(),
                merged.scenarios().stream()
                        .map(r -> figures(r.key(), r))
                        .sorted()
                        .toList(),
                "each job's calibration rows, named by the job");
        assertTrue(
                checks.stream()
                        .anyMatch(c -> c.kind().equals(Check.TRUTH)
                                && c.scenario().contains("calibration @ " + apiGateway + " /")),
                checks.toString());
        assertEquals(sortedChecks(checks), sortedChecks(checks(merge)), "each job's checks of its own calibration");
        assertEquals(
                List.of(latency.toString(), apiGateway.toString()),
                CalibrationStudy.rows(merged).stream()
                        .map(CalibrationRow::runner)
                        .distinct()
                        .toList(),
                "each job's calibration figures, each with its runner");
        List<String> dashboards = merged.nativeReports().stream()
                .filter(r -> r.tool().equals("jmeter") && r.name().startsWith("calibration"))
                .map(r -> r.path())
                .toList();
        assertEquals(2, dashboards.stream().distinct().count(), dashboards.toString());
        for (var report : merged.nativeReports()) {
            assertTrue(Files.isRegularFile(merge.resolve("reports").resolve(report.path())), report.path());
        }
        assertTrue(merged.run().runners().get(1).runs().contains("calibration @ " + apiGateway));
        assertTrue(Files.readString(merge.resolve("reports/index.html")).contains("fast @ " + apiGateway));
    }

    /** A row by its key, its count and its p95: what a merge must keep of it. */
    private static String figures(String key, Summary.Row r) {
        return key + " samples=" + r.samples() + " p95=" + r.p95Ms() + " errors=" + r.errorPct();
    }

    private int built;

    /** One build of these experiments from the same real result files, its report written as its report step does. */
    private Path job(String experiments) throws IOException {
        Path base = dir.resolve("build-" + built++);
        boolean withLatency = experiments.contains("latency");
        boolean withApiGateway = experiments.contains("api-gateway");
        if (withLatency) {
            Path run =
                    Files.createDirectories(base.resolve("target/gatling/http1/latencysimulation-20260101000000000"));
            Files.copy(Fixtures.path("gatling-latency/simulation.log"), run.resolve("simulation.log"));
            Files.copy(Fixtures.path("gatling-latency/index.html"), run.resolve("index.html"));
        }
        if (withApiGateway) {
            Path results = Files.createDirectories(base.resolve("target/jmeter/results/http1"));
            Files.copy(Fixtures.path("jmeter/api-gateway.csv"), results.resolve("api-gateway.csv"));
            Path dashboard = Files.createDirectories(base.resolve("target/jmeter/reports/http1/api-gateway"));
            Files.copy(Fixtures.path("jmeter/statistics.json"), dashboard.resolve("statistics.json"));
            Files.writeString(dashboard.resolve("index.html"), "<html>JMeter's dashboard</html>");
        }
        if (experiments.contains("calibration")) { // JMeter's calibration plan and the server's count of its tags
            Path results = Files.createDirectories(base.resolve("target/jmeter/results/http1"));
            List<String> samples = new ArrayList<>(List.of(
                    "timeStamp,elapsed,label,responseCode,responseMessage,threadName,success,failureMessage,bytes,"
                            + "sentBytes,grpThreads,allThreads,Latency,Connect"));
            for (int i = 0; i < 20; i++) {
                samples.add((1000 + i * 10) + ",1,fast measured,200,OK,fast 1-1,true,,120,110,1,1,1,0");
                samples.add((1000 + i * 10) + ",101,held measured,200,OK,held 1-1,true,,120,110,1,1,101,0");
            }
            Files.write(results.resolve("calibration.csv"), samples);
            Path dashboard = Files.createDirectories(base.resolve("target/jmeter/reports/http1/calibration"));
            Files.writeString(dashboard.resolve("index.html"), "<html>JMeter's dashboard of " + base + "</html>");
            Files.createDirectories(base.resolve("target/loadlab"));
            Files.writeString(base.resolve("target/loadlab/server-counts.json"), """
                    {"jmeter-http1-fast-measured":{"count":20,"firstArrivalMs":1000,"lastAnswerMs":1191,
                     "holdP50Ms":0.02,"holdP99Ms":0.5,"holdMaxMs":1},
                     "jmeter-http1-held-measured":{"count":20,"firstArrivalMs":1000,"lastAnswerMs":1291,
                     "holdP50Ms":100.2,"holdP99Ms":100.9,"holdMaxMs":101}}""");
        }
        ReportMain.run(base, Settings.of(Map.of("experiments", experiments)));
        return base;
    }

    private static Settings jobs(Path... folders) {
        return Settings.of(Map.of(
                "merge.jobs",
                String.join(
                        ",",
                        java.util.Arrays.stream(folders).map(Path::toString).toList())));
    }

    private static List<Check> checks(Path basedir) throws IOException {
        BuildLayout layout = new BuildLayout(basedir);
        return StoredVerdict.read(layout.verdict(), layout.summary()).orElseThrow();
    }

    private static List<Summary.Row> sorted(List<Summary.Row> rows) {
        return rows.stream().sorted(Comparator.comparing(Summary.Row::key)).toList();
    }

    private static List<String> sortedChecks(List<Check> checks) {
        return checks.stream().map(Check::toString).sorted().toList();
    }
}
