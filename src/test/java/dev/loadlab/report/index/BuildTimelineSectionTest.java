package dev.loadlab.report.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.loadlab.live.LiveState;
import dev.loadlab.report.page.Block;
import dev.loadlab.report.page.ChartSpec;
import dev.loadlab.report.page.Section;
import dev.loadlab.report.page.Table;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report's copy of the live page's timeline, read from the files a build's runs wrote, as the page read them. */
class BuildTimelineSectionTest {
    private static final String BUCKETS = "0,0,5,5,5,5,5,5,5,5,5,5,5";

    /** A build of two runs: Gatling's for 1,500 s, 5 requests a second; JMeter's 10 s after its start, for 20 s. */
    private static Path build(Path dir) throws Exception {
        Files.createDirectories(dir.resolve("live"));
        Files.writeString(
                dir.resolve("build-plan.tsv"),
                "# scale=smoke\ngatling\thttp1\tLoopSimulation\tloop\t-1\njmeter\th2\tloop\tloop\t-1\n");
        Files.writeString(
                dir.resolve("progress.tsv"),
                "# scale=smoke\n1000000\tgatling\thttp1\tLoopSimulation\n1010000\tjmeter\th2\tloop\n");
        StringBuilder gatling = new StringBuilder("# gatling\tHTTP/1.1\tLoopSimulation\tloop\n");
        for (long s = 1000; s < 2500; s++) {
            gatling.append(line(s, "loop", 5, 0, 3 + s % 2));
        }
        Files.writeString(dir.resolve("live/gatling-http1-LoopSimulation.tsv"), gatling);
        StringBuilder jmeter = new StringBuilder("# jmeter\th2\tloop\tloop\n");
        for (long s = 1010; s < 1030; s++) {
            jmeter.append(line(s, "loop", 5, s == 1020 ? 2 : 0, 4));
        }
        Files.writeString(dir.resolve("live/jmeter-h2-loop.tsv"), jmeter);
        Files.createDirectories(dir.resolve("stalls"));
        Files.writeString(
                dir.resolve("stalls/server-reference-server.tsv"),
                "# dev.loadlab.server.ReferenceServer\n1000\t700\t0:1000\n1001\t9000\t0:999 90:1\n");
        return dir;
    }

    private static String line(long second, String label, long requests, long errors, long p95) {
        return second + "\t" + label + "\t" + requests + "\t" + errors + "\t2\t" + p95 + "\t" + p95 + "\t10\t" + BUCKETS
                + "\t" + (errors > 0 ? "HTTP 503=" + errors : "") + "\t5\n";
    }

    private static List<ChartSpec> charts(Section s) {
        return s.blocks().stream().map(Block::chart).filter(c -> c != null).toList();
    }

    @Test
    void shouldDrawEachRowsSecondsOnTheBuildsClockAndTheMachinesStalls(@TempDir Path dir) throws Exception {
        Section section = BuildTimelineSection.render(LiveState.whole(build(dir)));
        List<ChartSpec> charts = charts(section);

        assertEquals(
                List.of(
                        "chart-build-requests-s",
                        "chart-build-p95-ms",
                        "chart-build-errors-s",
                        "chart-build-worst-stall-in-the-second-ms"),
                charts.stream().map(ChartSpec::id).toList());
        ChartSpec.Dataset gatling = charts.get(0).datasets().get(0);
        assertEquals("gatling HTTP/1.1 LoopSimulation / loop", gatling.label());
        // 1,500 s in buckets of 3 s (at most 600 points a line): the rate is the buckets' mean, the p95 its worst
        assertEquals(500, gatling.data().size());
        assertTrue(
                gatling.data().stream().allMatch(p -> ((ChartSpec.Point) p).y().doubleValue() == 5.0));
        ChartSpec.Point p95 =
                (ChartSpec.Point) charts.get(1).datasets().get(0).data().get(0);
        assertEquals(4.0, p95.y().doubleValue(), "the worst second of the bucket");
        ChartSpec.Point jmeterFirst =
                (ChartSpec.Point) charts.get(0).datasets().get(1).data().get(0);
        assertEquals(9.0, jmeterFirst.x(), "JMeter's first bucket, on the build's clock (1010 s in a bucket from 9)");
        double jmeterErrors = charts.get(2).datasets().get(1).data().stream()
                .mapToDouble(p -> ((ChartSpec.Point) p).y().doubleValue() * 3)
                .sum();
        assertEquals(2.0, jmeterErrors, 0.01, "every error counted once");
        ChartSpec.Dataset server = charts.get(3).datasets().get(0);
        assertEquals("server-reference-server", server.label());
        assertEquals(9.0, ((ChartSpec.Point) server.data().get(0)).y().doubleValue(), "the bucket's worst second");
        List<String> jmeterRun = section.blocks().stream()
                .filter(b -> b.table() != null)
                .findFirst()
                .orElseThrow()
                .table()
                .rows()
                .get(1)
                .cells()
                .stream()
                .map(Table.Cell::text)
                .toList();
        assertEquals(
                List.of("jmeter", "h2", "loop", "loop", "10", "done"), jmeterRun, "started 10 s in; the load ended");
    }

    @Test
    void shouldSaySoWhereNoRunWroteAFeedAndGiveNoSectionForAMerge(@TempDir Path dir) throws Exception {
        Section none = BuildTimelineSection.render(LiveState.whole(dir));
        assertTrue(none.blocks().get(0).text().contains("-Dlive=false"), none.toString());
        assertNull(BuildTimelineSection.render(null));
    }
}
