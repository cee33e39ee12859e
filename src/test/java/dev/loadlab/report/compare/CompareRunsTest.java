package dev.loadlab.report.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.report.Fixtures;
import dev.loadlab.report.ReportMain;
import dev.loadlab.report.model.BuildLayout;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.read.NativeReports;
import dev.loadlab.settings.ReportKnobs;
import dev.loadlab.settings.Settings;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each build's run kept under reports/runs/<label>/, across builds, by ReportMain. */
class CompareRunsTest {
    private static final String LATENCY_RUN = "latencysimulation-20260101000000000";

    @TempDir
    Path dir;

    @Test
    void shouldKeepEachRunUnderItsLabel() throws IOException {
        givenAGatlingLatencyRun();

        ReportMain.run(dir, Settings.of(Map.of("run.label", "kong-h2")));
        ReportMain.run(dir, Settings.of(Map.of("run.label", "nginx-h2")));

        Path runs = dir.resolve("reports/runs");
        for (String label : List.of("kong-h2", "nginx-h2")) {
            Summary kept = Summary.read(runs.resolve(label).resolve("summary.json"), "");
            assertEquals(label, kept.run().label());
            assertTrue(Files.isRegularFile(runs.resolve(label)
                    .resolve("gatling/http1")
                    .resolve(LATENCY_RUN)
                    .resolve("index.html")));
            assertTrue(
                    Files.isRegularFile(runs.resolve(label)
                            .resolve(kept.nativeReports().get(0).path())),
                    "the summary's links to native reports hold inside its run's folder");
        }
        String index = Files.readString(dir.resolve("reports/index.html"));
        assertTrue(index.contains("Compare runs: <a href=\"compare.html\">2 runs in reports/runs/</a>"), index);
        String compare = Files.readString(dir.resolve("reports/compare.html"));
        assertTrue(compare.contains("<td>kong-h2</td>") && compare.contains("<td>nginx-h2</td>"));
    }

    @Test
    void shouldReplaceARunOfTheSameLabelAndSaySoInOneLine() throws IOException {
        givenAGatlingLatencyRun();
        Path stale = Files.createDirectories(dir.resolve("reports/runs/kong-h2/gatling/http1/old-run"));
        Files.writeString(stale.resolve("index.html"), "an earlier build's report");

        String console = console(() -> ReportMain.run(dir, Settings.of(Map.of("run.label", "kong-h2"))));

        assertFalse(Files.exists(stale), "nothing of the replaced run is left");
        assertTrue(Files.isRegularFile(dir.resolve("reports/runs/kong-h2/summary.json")));
        assertEquals(
                1,
                console.lines()
                        .filter(l -> l.contains("run kong-h2 already existed"))
                        .count(),
                console);
    }

    @Test
    void shouldNeverDeleteKeptRunsWhenClearingReports() throws IOException {
        Path reports = dir.resolve("reports");
        Files.createDirectories(reports.resolve("runs/a/gatling/http1"));
        Files.writeString(reports.resolve("runs/a/summary.json"), "{}");
        Files.createDirectories(reports.resolve("gatling/http1"));
        Files.writeString(reports.resolve("summary.json"), "{}");

        NativeReports.clear(reports);

        assertFalse(Files.exists(reports.resolve("gatling")));
        assertFalse(Files.exists(reports.resolve("summary.json")));
        assertTrue(Files.isRegularFile(reports.resolve("runs/a/summary.json")));
        assertTrue(Files.isDirectory(reports.resolve("runs/a/gatling/http1")));
    }

    @Test
    void shouldLabelARunWithTheTimeOfItsReportWhenNoLabelIsGiven() {
        ZonedDateTime at = ZonedDateTime.of(2026, 11, 23, 18, 15, 2, 0, ZoneOffset.UTC);

        String label = RunArchive.label(Settings.of(Map.of()), at);

        assertEquals("20261123-181502", label);
        assertTrue(ReportKnobs.isRunLabel(label), "a chosen label is one a user could give");
        assertEquals("mine", RunArchive.label(Settings.of(Map.of("run.label", "mine")), at));
    }

    @Test
    void shouldKeepTheToolsReportsOfTheNewestRunsOnlyAndEveryRunsSummary() throws IOException {
        BuildLayout layout = new BuildLayout(dir);
        List<String> oldestFirst = List.of("a-oldest", "c-middle", "b-newest");
        for (int i = 0; i < oldestFirst.size(); i++) {
            Path run = Files.createDirectories(RunArchive.runsDir(layout).resolve(oldestFirst.get(i)));
            Files.createDirectories(run.resolve("gatling/h2"));
            Files.createDirectories(run.resolve("jmeter/h2"));
            Path summary = Files.writeString(run.resolve("summary.json"), "{}");
            Files.setLastModifiedTime(summary, FileTime.fromMillis(1_000_000L * (i + 1)));
        }

        String said = console(() -> assertEquals(List.of("a-oldest"), RunArchive.prune(layout, 2)));

        Path oldest = RunArchive.runsDir(layout).resolve("a-oldest");
        assertFalse(Files.exists(oldest.resolve("gatling")) || Files.exists(oldest.resolve("jmeter")));
        assertTrue(Files.exists(oldest.resolve("summary.json")), "compare.html still reads it");
        for (String kept : List.of("c-middle", "b-newest")) {
            assertTrue(
                    Files.isDirectory(RunArchive.runsDir(layout).resolve(kept).resolve("gatling/h2")), kept);
        }
        assertTrue(said.contains("run.keepReports=2"), said);
        assertEquals(List.of(), RunArchive.prune(layout, 2), "pruned once, nothing left to prune");
    }

    private void givenAGatlingLatencyRun() throws IOException {
        Path latency =
                Files.createDirectories(dir.resolve("target/gatling/http1").resolve(LATENCY_RUN));
        Files.copy(Fixtures.path("gatling-latency/simulation.log"), latency.resolve("simulation.log"));
        Files.copy(Fixtures.path("gatling-latency/index.html"), latency.resolve("index.html"));
    }

    private interface Action {
        void run() throws IOException;
    }

    private static String console(Action action) throws IOException {
        PrintStream original = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            action.run();
        } finally {
            System.setOut(original);
        }
        return out.toString(StandardCharsets.UTF_8);
    }
}
