package dev.loadlab.report.compare;

import static dev.loadlab.report.compare.Comparison.chart;
import static dev.loadlab.report.compare.Comparison.figure;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.report.Fixtures;
import dev.loadlab.report.model.Summary;
import dev.loadlab.report.page.Block;
import dev.loadlab.report.page.ChartSpec;
import dev.loadlab.studies.Studies;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** compare.html's charts: what each draws, per run, and that the page needs no network to draw them. */
class CompareChartsTest {
    private static final String GATLING_ALL = "gatling HTTP/1.1 ApiGatewaySimulation / all requests";

    private static List<ComparedRuns.Run> twoRuns() throws IOException {
        return List.of(
                new ComparedRuns.Run("baseline", Summary.read(Fixtures.path("gate/baseline-summary.json"), "")),
                new ComparedRuns.Run("slowed", Summary.read(Fixtures.path("gate/slowed-gateway-summary.json"), "")));
    }

    @Test
    void shouldDrawOneSeriesPerRunAndFigureWithTheRunsValues() throws IOException {
        List<ChartSpec> charts = charts(CompareTable.render(
                "s", CompareSections.scenarios("api-gateway", Studies.rowsOf("api-gateway")), twoRuns()));

        ChartSpec percentiles = charts.get(1);
        assertEquals(
                List.of(
                        "baseline p50 ms",
                        "baseline p95 ms",
                        "baseline p99 ms",
                        "slowed p50 ms",
                        "slowed p95 ms",
                        "slowed p99 ms"),
                percentiles.datasets().stream().map(ChartSpec.Dataset::label).toList());
        int line = percentiles.labels().indexOf(GATLING_ALL);
        assertEquals(176.0, percentiles.datasets().get(2).data().get(line), "baseline's p99 of that row");
        assertEquals(131.0, percentiles.datasets().get(5).data().get(line), "slowed's p99 of that row");
        assertEquals(
                List.of("baseline", "slowed"),
                charts.get(0).datasets().stream().map(ChartSpec.Dataset::label).toList(),
                "a chart of one figure names the runs only");
    }

    @Test
    void shouldLeaveAGapWhereARunHasNoSuchLine() throws IOException {
        // the baseline's gateway ran at 100 ms upstream latency, the slowed run's at 400 ms
        ChartSpec steps = charts(CompareTable.render(
                        "s",
                        Studies.study("gateway-capacity")
                                .orElseThrow()
                                .compare()
                                .comparisons()
                                .get(1),
                        twoRuns()))
                .get(0);

        int line = steps.labels().indexOf("HTTP/1.1, upstream 400 ms, 1/s");
        assertNull(steps.datasets().get(0).data().get(line), "the baseline has no step at 400 ms");
        assertEquals(561.0, steps.datasets().get(1).data().get(line));
    }

    @Test
    void shouldInlineChartJsSoThePageOpensOffline() throws IOException {
        String page =
                ComparePage.render(new ComparedRuns(twoRuns(), List.of()), Studies.compareSections(), Studies::noise);

        assertTrue(page.contains("Chart.js v4"), "the library with its licence banner");
        assertFalse(page.contains("<script src"), "no script from elsewhere");
        assertFalse(page.contains("<link"), "no style sheet from elsewhere");
        assertTrue(page.contains("setAttribute('data-points'"), "each chart reports what it drew, for the check");
        int canvases = page.split("<canvas ", -1).length - 1;
        int specs = page.split("\"datasets\":", -1).length - 1;
        assertTrue(canvases > 10, "charts of every experiment: " + canvases);
        assertEquals(canvases, specs, "a spec per canvas");
    }

    private static List<ChartSpec> charts(List<Block> blocks) {
        return blocks.stream()
                .map(Block::chart)
                .filter(java.util.Objects::nonNull)
                .toList();
    }

    @Test
    void shouldShowASectionDefinedInAFewLines() throws IOException {
        // what the calibration experiment will add: a table per tool with its chart
        CompareSection calibration = new CompareSection(
                "calibration",
                "Calibration",
                List.of(new Comparison<Summary.Row>(
                        "calibration",
                        "per tool",
                        "tool",
                        s -> s.scenarios().stream()
                                .filter(r -> r.scenario().startsWith("all "))
                                .toList(),
                        r -> r.tool() + " " + r.protocol() + " " + r.run(),
                        List.of(
                                figure("throughput/s", Summary.Row::throughputPerSec),
                                figure("p50 ms", Summary.Row::p50Ms),
                                figure("p99 ms", Summary.Row::p99Ms)),
                        List.of(chart("P50 / P99", "ms", "p50 ms", "p99 ms")))));

        String page = ComparePage.render(new ComparedRuns(twoRuns(), List.of()), List.of(calibration), Studies::noise);

        assertTrue(
                page.contains("<section id=\"compare-calibration\"><details open><summary><h2>Calibration</h2>"), page);
        assertTrue(page.contains("<canvas class=\"chart\" id=\"calibration-calibration-0\""));
        assertTrue(page.contains("<th class=\"run\" colspan=\"3\">slowed</th>"));
    }
}
